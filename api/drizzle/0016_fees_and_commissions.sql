CREATE TYPE "public"."entry_kind" AS ENUM('amount', 'fee', 'commission');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'fee_change';--> statement-breakpoint
CREATE TABLE "fees" (
	"type" "transaction_type" PRIMARY KEY NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"fixed" bigint DEFAULT 0 NOT NULL,
	"minimum" bigint,
	"maximum" bigint,
	"free_monthly" bigint,
	"agent_share_bp" integer DEFAULT 0 NOT NULL,
	"agent_commission_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "fees_type_chk" CHECK ("fees"."type" in ('transfer', 'cash-out', 'cash-in')),
	CONSTRAINT "fees_figures_chk" CHECK ("fees"."percent_bp" between 0 and 10000 and "fees"."fixed" >= 0 and "fees"."minimum" >= 0 and "fees"."maximum" >= 0
          and "fees"."minimum" <= "fees"."maximum" and "fees"."free_monthly" > 0
          and "fees"."agent_share_bp" between 0 and 10000 and "fees"."agent_commission_bp" between 0 and 10000),
	CONSTRAINT "fees_shape_chk" CHECK (case "fees"."type"
            when 'cash-in' then "fees"."percent_bp" = 0 and "fees"."fixed" = 0 and "fees"."minimum" is null and "fees"."maximum" is null
                            and "fees"."free_monthly" is null and "fees"."agent_share_bp" = 0
            when 'cash-out' then "fees"."agent_commission_bp" = 0
            else "fees"."agent_share_bp" = 0 and "fees"."agent_commission_bp" = 0 end)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_subject_chk";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "kind" "entry_kind" DEFAULT 'amount' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "commission" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_chk" CHECK (case when "audit_log"."action"::text in ('limit_change', 'fee_change') then "audit_log"."target_user_id" is null and "audit_log"."change" is not null
               else "audit_log"."target_user_id" is not null and "audit_log"."change" is null end);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_fee_chk" CHECK ("transactions"."fee" >= 0 and "transactions"."commission" >= 0);--> statement-breakpoint
-- Fees are paid into FEE_REVENUE and agents' commissions paid from it; like the other system
-- accounts it keeps no running balance (its balance is the sum of its entries) and may go below
-- zero (a cash-in's commission is paid from revenue).
INSERT INTO "accounts" ("kind", "code") VALUES ('SYSTEM', 'FEE_REVENUE');--> statement-breakpoint
-- The default schedule (docs/decisions/ledger.md, "Fees"): transfers free; cash-out 1.85% (Tk 18.50 per
-- 1,000, as bKash charges), of which the agent earns 22% (about Tk 4.07 per 1,000); cash-in free
-- to the person, the agent earning 0.40% (Tk 4 per 1,000) from revenue.
INSERT INTO "fees" ("type", "percent_bp", "agent_share_bp", "agent_commission_bp") VALUES
  ('transfer', 0, 0, 0),
  ('cash-out', 185, 2200, 0),
  ('cash-in', 0, 0, 40);--> statement-breakpoint
-- A movement's outcome carries its fee and commission (sql/ledger_move.sql); outcomes stored
-- before have none (no fee was charged then).
ALTER TYPE "movement_outcome" ADD ATTRIBUTE "fee" bigint;--> statement-breakpoint
ALTER TYPE "movement_outcome" ADD ATTRIBUTE "commission" bigint;--> statement-breakpoint
-- The posting prices the movement and takes the fee the caller confirmed (sql/ledger_post.sql,
-- sql/ledger_move.sql): their old signatures go, the files define the new ones after the migrations.
DROP FUNCTION IF EXISTS "ledger_move"(transaction_type, role, text, integer, uuid, bigint, text, text, jsonb, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_post"(transaction_type, bigint, uuid, uuid, uuid, uuid, limit_holder, limit_holder);
