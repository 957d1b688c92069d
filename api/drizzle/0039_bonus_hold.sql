CREATE TABLE "bonus_releases" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"day" date NOT NULL,
	"released_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "bonus_releases_amount_chk" CHECK ("bonus_releases"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_releases" ADD CONSTRAINT "bonus_releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_releases_day_idx" ON "bonus_releases" USING btree ("day");--> statement-breakpoint
CREATE INDEX "accounts_held_idx" ON "accounts" USING btree ("id") WHERE "accounts"."held" > 0;--> statement-breakpoint
-- The bonuses already paid are held as new ones are (issue 42): a person whose identity staff have
-- not approved keeps their bonus in the wallet but cannot move it, as far as the wallet still holds
-- it (what was spent before this is gone; what came from a bank or a person stays free). Approved
-- people's bonuses were earned under the rule this replaces, and stay free.
UPDATE "accounts" a SET "held" = LEAST(a."balance", t."amount")
FROM "transactions" t JOIN "users" u ON u."id" = t."receiver_user_id"
WHERE t."type" = 'bonus' AND a."user_id" = u."id" AND a."kind" = 'WALLET'
  AND u."kyc_approved_at" IS NULL AND u."closed_at" IS NULL AND a."balance" > 0
  AND NOT EXISTS (SELECT 1 FROM "transactions" r WHERE r."reverses" = t."id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_held_chk" CHECK ("accounts"."held" = 0 OR ("accounts"."kind" = 'WALLET' AND "accounts"."held" > 0 AND "accounts"."balance" >= "accounts"."held"));--> statement-breakpoint
-- A movement's reply and a wallet's live event carry what is held, so a person's screen shows what
-- can leave after each movement (sql/ledger_move.sql, sql/wallet_notify.sql define them anew).
ALTER TYPE "movement_outcome" ADD ATTRIBUTE "held_after" bigint;--> statement-breakpoint
DROP FUNCTION IF EXISTS "ledger_post"(transaction_type, bigint, uuid, uuid, uuid, uuid, limit_holder, limit_holder, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS "wallet_event"(uuid, uuid, uuid, bigint, boolean);
