-- What a limit leaves once p_used of it is used: never below zero. What a refusal tells
-- (limit_refusal), what the Limits page shows (myLimits) and what a quote says is left before and
-- after the movement (ledger/fees.ts).
CREATE OR REPLACE FUNCTION limit_left(p_limit bigint, p_used bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT greatest(p_limit - p_used, 0)
$$;
