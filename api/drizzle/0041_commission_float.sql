ALTER TYPE "public"."approval_kind" ADD VALUE 'float_funding';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'float_fund';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'float-funding';--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_system_no_running_balance_chk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_transaction_chk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_subject_chk";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_commission_float_chk" CHECK ("accounts"."code" IS DISTINCT FROM 'COMMISSION_FLOAT' OR "accounts"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_system_no_running_balance_chk" CHECK ("accounts"."kind" = 'WALLET' OR "accounts"."code" = 'COMMISSION_FLOAT' OR ("accounts"."balance" = 0 AND "accounts"."entry_count" = 0));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_transaction_chk" CHECK (("audit_log"."action"::text in ('reverse', 'dispute_reject', 'close_unclaimed', 'float_fund')) = ("audit_log"."transaction_id" is not null));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_chk" CHECK (case when "audit_log"."action"::text in ('limit_change', 'fee_change') then "audit_log"."target_user_id" is null and "audit_log"."change" is not null
               when "audit_log"."action"::text in ('release_auto_rollback', 'staff_invite', 'approval_propose', 'approval_approve', 'approval_reject', 'float_fund') then "audit_log"."target_user_id" is null and "audit_log"."reason" is not null
               else "audit_log"."target_user_id" is not null and "audit_log"."change" is null end);--> statement-breakpoint
-- Cash-in commissions are paid from a float of their own, which pays only what it holds (issue
-- 42): fee revenue then only receives, from fees, and one admin's schedule can no longer pay out
-- money nobody put in. It opens empty, as every account does; owners fund it (a second-approved
-- float-funding transaction), and until then a cash-in posts with commission 0.
INSERT INTO "accounts" ("kind", "code") VALUES ('SYSTEM', 'COMMISSION_FLOAT');--> statement-breakpoint
-- A cash-in's reply says what commission the float could not cover (sql/ledger_move.sql).
ALTER TYPE "movement_outcome" ADD ATTRIBUTE "commission_unpaid" bigint;--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_post"(transaction_type, bigint, uuid, uuid, uuid, uuid, limit_holder, limit_holder, bigint);
