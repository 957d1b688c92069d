-- The ledger's functions and triggers now live in api/src/ledger/sql, one file each, applied
-- after the migrations whenever a file changes (see api/src/ledger/definitions.ts). The
-- definitions written by earlier migrations are history: the files replace them at start.
CREATE TABLE "ledger_definitions" (
	"file" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
-- What a money movement answered, typed: ledger_move returns it and stores it with the key, and
-- the API builds the reply from it (a replay rebuilds the same reply).
CREATE TYPE "public"."movement_outcome" AS (
	"outcome" text,
	"refusal" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone,
	"type" "transaction_type",
	"amount" bigint,
	"sender_id" uuid,
	"sender_name" text,
	"receiver_id" uuid,
	"receiver_name" text,
	"wallet_id" uuid,
	"owner_id" uuid,
	"balance_after" bigint
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "outcome" "movement_outcome";--> statement-breakpoint
-- Keys still within retention keep answering their replay: their stored reply, read back into
-- the typed outcome (amounts were Taka with at most two decimals; times were to the millisecond).
UPDATE "idempotency_keys" SET "outcome" = ROW(
	'posted', NULL,
	("response_body"#>>'{data,transaction,_id}')::uuid,
	("response_body"#>>'{data,transaction,createdAt}')::timestamptz,
	("response_body"#>>'{data,transaction,type}')::transaction_type,
	round(("response_body"#>>'{data,transaction,balance}')::numeric * 100)::bigint,
	("response_body"#>>'{data,transaction,sender,_id}')::uuid,
	"response_body"#>>'{data,transaction,sender,name}',
	("response_body"#>>'{data,transaction,receiver,_id}')::uuid,
	"response_body"#>>'{data,transaction,receiver,name}',
	("response_body"#>>'{data,wallet,_id}')::uuid,
	("response_body"#>>'{data,wallet,userId}')::uuid,
	round(("response_body"#>>'{data,wallet,balance}')::numeric * 100)::bigint
)::movement_outcome
WHERE "status" = 'completed' AND "response_status" = 201;--> statement-breakpoint
DELETE FROM "idempotency_keys" WHERE "outcome" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "outcome" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_status";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_body";--> statement-breakpoint
DROP TYPE "public"."idempotency_status";--> statement-breakpoint
-- Functions whose arguments or results change are dropped here; their files create them anew.
-- wallet_move (which also built the HTTP reply) is replaced by ledger_move.
DROP FUNCTION "wallet_move"(text, text, integer, uuid, bigint, text, text, text);--> statement-breakpoint
DROP FUNCTION "ledger_post"(transaction_type, bigint, uuid, uuid, uuid, uuid);
