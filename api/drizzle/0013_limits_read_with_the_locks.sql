-- The posting reads the parties' rows of limits in the statement that locks their wallets and
-- hands them to movement_limits, which checks each row with limit_refusal: the first forms of
-- these functions go.
DROP FUNCTION IF EXISTS "movement_limits"(transaction_type, bigint, uuid, limit_holder, uuid, limit_holder, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS "party_limits"(limit_holder, transaction_type, uuid, text, bigint, bigint);
