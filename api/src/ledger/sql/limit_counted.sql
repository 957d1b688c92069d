-- Which sides of a movement type the limit counters count: the sides some holder's limits can
-- bound (limit_side, for the holders the table limits takes a row of that type for: LIMITED_MOVEMENTS
-- in shared/src/contracts/limits.ts), and so the side a fee's free allowance is read on (the
-- payer's). A transfer received is bounded by the maximum balance alone, and no limit bounds a
-- bonus, a reversal or a refund (money given back): not counted, so a transfer writes two counter rows, not four. A test holds
-- this to limit_side for every holder and type (api/test/limits.test.ts, "one rule").
CREATE OR REPLACE FUNCTION limit_counted(p_type transaction_type, p_side text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_type NOT IN ('bonus', 'reversal', 'refund') AND NOT (p_type = 'transfer' AND p_side = 'received')
$$;
