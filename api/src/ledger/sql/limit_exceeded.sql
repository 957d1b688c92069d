-- Whether one more movement goes past a limit of a period: p_used of it used, p_step this
-- movement's part (its amount, or 1 for a count). A null limit bounds nothing. One rule for the
-- posting's refusal (limit_refusal) and the quote's warning (ledger/fees.ts).
CREATE OR REPLACE FUNCTION limit_exceeded(p_limit bigint, p_used bigint, p_step bigint)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_used + p_step > p_limit
$$;
