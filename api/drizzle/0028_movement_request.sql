-- ledger_move takes one argument, the composite movement_request, built by name
-- (jsonb_populate_record in api/src/ledger/move.ts): a field added later is an ALTER TYPE ... ADD
-- ATTRIBUTE here, and the callers that do not send it get NULL, with no DROP FUNCTION and no
-- moment where a call is ambiguous. The twelve-argument signature goes first.
CREATE TYPE "public"."movement_request" AS (
	"type" "transaction_type",
	"role" "role",
	"session_hash" text,
	"idle_seconds" integer,
	"counterpart" uuid,
	"amount" bigint,
	"key" text,
	"request_hash" text,
	"pin" jsonb,
	"pin_key" text,
	"expected_fee" bigint,
	"trace_id" text
);--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_move(transaction_type, role, text, integer, uuid, bigint, text, text, jsonb, text, bigint, text);
