CREATE TYPE "public"."kyc_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'kyc_approve';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'kyc_reject';--> statement-breakpoint
CREATE TABLE "kyc_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "kyc_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "kyc_requests_decided_chk" CHECK (("kyc_requests"."status" = 'pending') = ("kyc_requests"."decided_at" is null) and ("kyc_requests"."status" = 'pending') = ("kyc_requests"."reason" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kyc_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_requests_one_pending_key" ON "kyc_requests" USING btree ("user_id") WHERE "kyc_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "kyc_requests_status_requested_id_idx" ON "kyc_requests" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "kyc_requests_user_requested_idx" ON "kyc_requests" USING btree ("user_id","requested_at");