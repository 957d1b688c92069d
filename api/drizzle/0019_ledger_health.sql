CREATE TABLE "ledger_health" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"checked_through_id" bigint DEFAULT 0 NOT NULL,
	"entries_net" bigint DEFAULT 0 NOT NULL,
	"negative_wallets" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "ledger_health_one_row_chk" CHECK ("ledger_health"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "ledger_health" ("id") VALUES (1);
