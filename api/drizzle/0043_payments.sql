ALTER TYPE "public"."limit_holder" ADD VALUE 'MERCHANT';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'payment';--> statement-breakpoint
CREATE TABLE "merchant_qr_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "merchant_qr_codes_amount_chk" CHECK ("merchant_qr_codes"."amount" > 0),
	CONSTRAINT "merchant_qr_codes_expiry_chk" CHECK ("merchant_qr_codes"."expires_at" > "merchant_qr_codes"."created_at")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"reference" text,
	"qr_code_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_type_chk";--> statement-breakpoint
ALTER TABLE "fees" DROP CONSTRAINT "fees_shape_chk";--> statement-breakpoint
ALTER TABLE "limits" DROP CONSTRAINT "limits_applicable_chk";--> statement-breakpoint
ALTER TABLE "merchant_qr_codes" ADD CONSTRAINT "merchant_qr_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_qr_code_id_merchant_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."merchant_qr_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_qr_codes_merchant_reference_key" ON "merchant_qr_codes" USING btree ("merchant_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_qr_code_id_key" ON "payments" USING btree ("qr_code_id") WHERE "payments"."qr_code_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_merchant_created_idx" ON "payments" USING btree ("merchant_id","created_at");--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_type_chk" CHECK ("fees"."type"::text in ('transfer', 'cash-out', 'cash-in', 'payment'));--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_shape_chk" CHECK (case "fees"."type"::text
            when 'cash-in' then "fees"."percent_bp" = 0 and "fees"."fixed" = 0 and "fees"."minimum" is null and "fees"."maximum" is null
                            and "fees"."free_monthly" is null and "fees"."agent_share_bp" = 0
            when 'cash-out' then "fees"."agent_commission_bp" = 0
            when 'payment' then "fees"."percent_bp" between 100 and 115 and "fees"."fixed" = 0 and "fees"."minimum" is null
                            and "fees"."maximum" is null and "fees"."free_monthly" is null and "fees"."agent_share_bp" = 0
                            and "fees"."agent_commission_bp" = 0
            else "fees"."agent_share_bp" = 0 and "fees"."agent_commission_bp" = 0 end);--> statement-breakpoint
ALTER TABLE "limits" ADD CONSTRAINT "limits_applicable_chk" CHECK ("limits"."type" is null or "limits"."type" <> 'bonus' and case "limits"."holder"::text
            when 'AGENT' then "limits"."type" in ('cash-in', 'cash-out')
            when 'MERCHANT' then "limits"."type"::text = 'payment'
            when 'UNVERIFIED' then "limits"."type" = 'deposit'
            else true end);--> statement-breakpoint
-- A payment names its merchant (merchants.id), the reference it carries, and whether that
-- reference is a dynamic QR's, which the ledger finds and locks (sql/ledger_move.sql).
ALTER TYPE "movement_request" ADD ATTRIBUTE "merchant" uuid;--> statement-breakpoint
ALTER TYPE "movement_request" ADD ATTRIBUTE "reference" text;--> statement-breakpoint
ALTER TYPE "movement_request" ADD ATTRIBUTE "dynamic" boolean;
-- The payment row of the fee schedule (the MDR) and the payment rows of limits use the values this
-- migration adds to transaction_type and limit_holder, which cannot be read in the transaction
-- that added them (drizzle runs every pending migration in one): they are written by
-- src/ledger/sql/payment_defaults.sql, applied after the migrations commit.
