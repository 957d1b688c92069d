ALTER TYPE "public"."audit_action" ADD VALUE 'close_unclaimed';--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_chk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_transaction_chk";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_chk" CHECK (("audit_log"."action"::text in ('pin_lock', 'release_auto_rollback', 'staff_sign_in_failed', 'close_unclaimed')) = ("audit_log"."admin_id" is null));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_transaction_chk" CHECK (("audit_log"."action"::text in ('reverse', 'dispute_reject', 'close_unclaimed')) = ("audit_log"."transaction_id" is not null));