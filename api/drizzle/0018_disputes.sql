CREATE TYPE "public"."dispute_status" AS ENUM('open', 'reversed', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'dispute_reject';--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" "dispute_status" DEFAULT 'open' NOT NULL,
	"decision" text,
	"reversal_id" uuid,
	"reported_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "disputes_decided_chk" CHECK (("disputes"."status" = 'open') = ("disputes"."decided_at" is null) and ("disputes"."decided_at" is null) = ("disputes"."decision" is null)
          and ("disputes"."decided_at" is null) = ("disputes"."decided_by" is null) and ("disputes"."status" = 'reversed') = ("disputes"."reversal_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_transaction_chk";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_reversal_id_transactions_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_transaction_key" ON "disputes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "disputes_status_reported_id_idx" ON "disputes" USING btree ("status","reported_at","id");--> statement-breakpoint
CREATE INDEX "disputes_reporter_reported_id_idx" ON "disputes" USING btree ("reporter_id","reported_at","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_transaction_chk" CHECK (("audit_log"."action"::text in ('reverse', 'dispute_reject')) = ("audit_log"."transaction_id" is not null));