CREATE TABLE "balance_snapshot_days" (
	"as_of" timestamp with time zone PRIMARY KEY NOT NULL,
	"accounts" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_snapshots" (
	"account_id" uuid NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "balance_snapshots_account_id_as_of_pk" PRIMARY KEY("account_id","as_of"),
	CONSTRAINT "balance_snapshots_midnight_chk" CHECK ("balance_snapshots"."as_of" = date_trunc('day', "balance_snapshots"."as_of", 'UTC'))
);
--> statement-breakpoint
ALTER TABLE "balance_snapshots" ADD CONSTRAINT "balance_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;