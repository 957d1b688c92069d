-- The balances at the end of one settled UTC day, `p_as_of` being the midnight that ends it: for
-- every account with entries that day, its last snapshot (or nothing) plus that day's entries.
-- Days are taken in order, each once, and never before they end; the snapshots' own trigger
-- (balance_snapshots_checked) checks every figure against the entries. Returns how many accounts
-- moved that day.
CREATE OR REPLACE FUNCTION ledger_snapshot_day(p_as_of timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  mark timestamptz;
  taken integer;
BEGIN
  SELECT max(as_of) INTO mark FROM balance_snapshot_days;
  IF mark IS NOT NULL AND p_as_of <> mark + interval '1 day' THEN
    RAISE EXCEPTION 'snapshot of % is refused: the next day to take is the one ending %', p_as_of, mark + interval '1 day'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  -- The day's accounts, found through its transactions (read by their created_at index): an entry
  -- is dated on its transaction's day (ledger_check_transaction).
  INSERT INTO balance_snapshots (account_id, as_of, balance)
  SELECT day.account_id, p_as_of, coalesce(last.balance, 0) + day.net
  FROM (
    SELECT e.account_id, sum(e.amount) AS net
    FROM transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    WHERE t.created_at >= p_as_of - interval '1 day' AND t.created_at < p_as_of
      AND e.created_at >= p_as_of - interval '1 day' AND e.created_at < p_as_of
    GROUP BY e.account_id
  ) day
  LEFT JOIN LATERAL (
    SELECT s.balance FROM balance_snapshots s WHERE s.account_id = day.account_id ORDER BY s.as_of DESC LIMIT 1
  ) last ON true
  ORDER BY day.account_id;
  GET DIAGNOSTICS taken = ROW_COUNT;
  INSERT INTO balance_snapshot_days (as_of, accounts) VALUES (p_as_of, taken);
  RETURN taken;
END;
$$;
