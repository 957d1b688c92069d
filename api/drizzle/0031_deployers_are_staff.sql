ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_subject_chk";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_deployer_admin_chk";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "can_deploy";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_chk" CHECK (case when "audit_log"."action"::text in ('limit_change', 'fee_change') then "audit_log"."target_user_id" is null and "audit_log"."change" is not null
               when "audit_log"."action"::text in ('release_auto_rollback', 'staff_invite') then "audit_log"."target_user_id" is null and "audit_log"."reason" is not null
               else "audit_log"."target_user_id" is not null and "audit_log"."change" is null end);