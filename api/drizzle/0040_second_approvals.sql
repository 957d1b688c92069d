CREATE TYPE "public"."approval_kind" AS ENUM('fee_change', 'limit_change', 'reversal');--> statement-breakpoint
CREATE TYPE "public"."approval_state" AS ENUM('pending', 'approved', 'rejected', 'void', 'expired');--> statement-breakpoint
CREATE TYPE "public"."kyc_check" AS ENUM('national_id', 'passport', 'face_match', 'address_proof');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'approval_propose';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'approval_approve';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'approval_reject';--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "approval_kind" NOT NULL,
	"subject" jsonb NOT NULL,
	"subject_key" text NOT NULL,
	"change" jsonb NOT NULL,
	"before" jsonb,
	"row_updated_at" timestamp with time zone,
	"state" "approval_state" DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "approvals_second_person_chk" CHECK ("approvals"."decided_by" is null or "approvals"."decided_by" <> "approvals"."proposed_by"),
	CONSTRAINT "approvals_decided_chk" CHECK (("approvals"."state" = 'pending') = ("approvals"."decided_at" is null) and ("approvals"."state" in ('approved', 'rejected')) = ("approvals"."decided_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_subject_chk";--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "checked" "kyc_check"[] DEFAULT '{}'::kyc_check[] NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_pending_key" ON "approvals" USING btree ("subject_key") WHERE "approvals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "approvals_state_proposed_idx" ON "approvals" USING btree ("state","proposed_at","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_chk" CHECK (case when "audit_log"."action"::text in ('limit_change', 'fee_change') then "audit_log"."target_user_id" is null and "audit_log"."change" is not null
               when "audit_log"."action"::text in ('release_auto_rollback', 'staff_invite', 'approval_propose', 'approval_approve', 'approval_reject') then "audit_log"."target_user_id" is null and "audit_log"."reason" is not null
               else "audit_log"."target_user_id" is not null and "audit_log"."change" is null end);--> statement-breakpoint
-- Approvals decided before the checklist existed did not record what was seen: the rule holds for
-- every decision from now on (NOT VALID), and those stay as they were.
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_approval_checked_chk" CHECK ("kyc_requests"."status" <> 'approved' or "kyc_requests"."checked" && '{national_id,passport}'::kyc_check[]) NOT VALID;