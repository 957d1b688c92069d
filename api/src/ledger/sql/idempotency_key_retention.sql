-- How long an Idempotency-Key protects against a repeat: a retry comes within seconds; a day
-- covers an app left open. The one place the retention is written: ledger_move replays and
-- re-claims keys by it, and the maintenance job (idempotency.ts) deletes the keys past it.
CREATE OR REPLACE FUNCTION idempotency_key_retention() RETURNS interval
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT interval '24 hours' $$;
