ALTER TYPE "public"."transaction_type" ADD VALUE 'refund';--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"amount" bigint,
	"description" text NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"deactivated_at" timestamp with time zone,
	CONSTRAINT "payment_links_amount_chk" CHECK ("payment_links"."amount" > 0),
	CONSTRAINT "payment_links_uses_chk" CHECK ("payment_links"."uses" >= 0 and "payment_links"."max_uses" > 0 and "payment_links"."uses" <= "payment_links"."max_uses"),
	CONSTRAINT "payment_links_active_chk" CHECK ("payment_links"."active" = ("payment_links"."deactivated_at" is null))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "link_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee" bigint;--> statement-breakpoint
-- A payment's amount and fee, beside what its refunds gave back, so one row's checks hold them.
UPDATE "payments" p SET "amount" = t."amount", "fee" = t."fee" FROM "transactions" t WHERE t."id" = p."transaction_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "fee" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_transaction_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_code_key" ON "payment_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "payment_links_merchant_created_idx" ON "payment_links" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_link_id_idx" ON "payments" USING btree ("link_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_chk" CHECK ("payments"."refunded" between 0 and "payments"."amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_fee_chk" CHECK ("payments"."refunded_fee" between 0 and "payments"."fee");--> statement-breakpoint
-- A payment by link names it; a refund names the payment it gives back and the merchant's reason.
ALTER TYPE "movement_request" ADD ATTRIBUTE "link" text;--> statement-breakpoint
ALTER TYPE "movement_request" ADD ATTRIBUTE "payment" uuid;--> statement-breakpoint
ALTER TYPE "movement_request" ADD ATTRIBUTE "reason" text;--> statement-breakpoint
-- ledger_post takes the fee a refund gives back (sql/ledger_post.sql defines it again).
DROP FUNCTION IF EXISTS "ledger_post"(transaction_type, bigint, uuid, uuid, uuid, uuid, limit_holder, limit_holder, bigint);
