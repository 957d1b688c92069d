-- ledger_move gains p_trace_id (ledger_move.sql re-creates it): the old signature goes first, so
-- a call is never ambiguous between the two.
DROP FUNCTION IF EXISTS ledger_move(transaction_type, role, text, integer, uuid, bigint, text, text, jsonb, text, bigint);
