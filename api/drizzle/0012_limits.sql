CREATE TYPE "public"."limit_holder" AS ENUM('UNVERIFIED', 'EMAIL_VERIFIED', 'KYC_APPROVED', 'AGENT');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'limit_change';--> statement-breakpoint
CREATE TABLE "limits" (
	"holder" "limit_holder" NOT NULL,
	"type" "transaction_type",
	"min_amount" bigint,
	"max_amount" bigint,
	"daily_amount" bigint,
	"daily_count" integer,
	"monthly_amount" bigint,
	"monthly_count" integer,
	"max_balance" bigint,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "limits_holder_type_key" UNIQUE NULLS NOT DISTINCT("holder","type"),
	CONSTRAINT "limits_applicable_chk" CHECK ("limits"."type" is null or "limits"."type" <> 'bonus' and case "limits"."holder"
            when 'AGENT' then "limits"."type" in ('cash-in', 'cash-out')
            when 'UNVERIFIED' then "limits"."type" = 'deposit'
            else true end),
	CONSTRAINT "limits_shape_chk" CHECK (case when "limits"."type" is null
            then coalesce("limits"."min_amount", "limits"."max_amount", "limits"."daily_amount", "limits"."daily_count", "limits"."monthly_amount", "limits"."monthly_count") is null
            else "limits"."max_balance" is null end),
	CONSTRAINT "limits_positive_chk" CHECK ("limits"."min_amount" > 0 and "limits"."max_amount" > 0 and "limits"."daily_amount" > 0 and "limits"."daily_count" > 0
          and "limits"."monthly_amount" > 0 and "limits"."monthly_count" > 0 and "limits"."max_balance" > 0),
	CONSTRAINT "limits_ordered_chk" CHECK ("limits"."min_amount" <= "limits"."max_amount" and "limits"."max_amount" <= "limits"."daily_amount" and "limits"."daily_amount" <= "limits"."monthly_amount"
          and "limits"."max_amount" <= "limits"."monthly_amount" and "limits"."daily_count" <= "limits"."monthly_count")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "target_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "change" jsonb;--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_chk" CHECK (case when "audit_log"."action"::text = 'limit_change' then "audit_log"."target_user_id" is null and "audit_log"."change" is not null
               else "audit_log"."target_user_id" is not null and "audit_log"."change" is null end);--> statement-breakpoint
-- The default limits, in poisha (docs/decisions/ledger.md, "Limits", gives the reasons). KYC_APPROVED follows
-- Bangladesh Bank's circular of 27 March 2025; EMAIL_VERIFIED is half of every KYC figure; an
-- unverified person may add a little money and nothing else; agents hold float.
INSERT INTO "limits" ("holder", "type", "max_amount", "daily_amount", "monthly_amount", "max_balance") VALUES
  ('KYC_APPROVED', 'deposit', 5000000, 5000000, 30000000, NULL),
  ('KYC_APPROVED', 'transfer', 5000000, 5000000, 30000000, NULL),
  ('KYC_APPROVED', 'cash-out', 3000000, 3000000, 20000000, NULL),
  ('KYC_APPROVED', 'cash-in', 5000000, 5000000, 30000000, NULL),
  ('KYC_APPROVED', NULL, NULL, NULL, NULL, 50000000),
  ('EMAIL_VERIFIED', 'deposit', 2500000, 2500000, 15000000, NULL),
  ('EMAIL_VERIFIED', 'transfer', 2500000, 2500000, 15000000, NULL),
  ('EMAIL_VERIFIED', 'cash-out', 1500000, 1500000, 10000000, NULL),
  ('EMAIL_VERIFIED', 'cash-in', 2500000, 2500000, 15000000, NULL),
  ('EMAIL_VERIFIED', NULL, NULL, NULL, NULL, 25000000),
  ('UNVERIFIED', 'deposit', 500000, 500000, 1000000, NULL),
  ('UNVERIFIED', NULL, NULL, NULL, NULL, 1000000),
  ('AGENT', 'cash-in', 5000000, 100000000, 2000000000, NULL),
  ('AGENT', 'cash-out', NULL, NULL, NULL, NULL),
  ('AGENT', NULL, NULL, NULL, NULL, 500000000);--> statement-breakpoint
-- A refusal may carry figures (a limit, what is left): movement_refused takes them, so its
-- one-argument form goes (ledger_move's files define the new one right after the migrations).
ALTER TYPE "movement_outcome" ADD ATTRIBUTE "refusal_params" jsonb;--> statement-breakpoint
DROP FUNCTION IF EXISTS "movement_refused"(text);
--> statement-breakpoint
-- The posting checks the parties' limits: it takes their holders (sql/ledger_post.sql).
DROP FUNCTION IF EXISTS "ledger_post"(transaction_type, bigint, uuid, uuid, uuid, uuid);
