ALTER TYPE "public"."audit_action" ADD VALUE 'staff_sign_in';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'staff_sign_in_failed';--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_chk";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_chk" CHECK (("audit_log"."action"::text in ('pin_lock', 'release_auto_rollback', 'staff_sign_in_failed')) = ("audit_log"."admin_id" is null));