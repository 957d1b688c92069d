ALTER TYPE "public"."audit_action" ADD VALUE 'reverse';--> statement-breakpoint
ALTER TYPE "public"."transaction_type" ADD VALUE 'reversal';--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reverses" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reverses_transactions_id_fk" FOREIGN KEY ("reverses") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reverses_key" ON "transactions" USING btree ("reverses");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_transaction_chk" CHECK (("audit_log"."action"::text = 'reverse') = ("audit_log"."transaction_id" is not null));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reverses_chk" CHECK (("transactions"."type"::text = 'reversal') = ("transactions"."reverses" is not null));