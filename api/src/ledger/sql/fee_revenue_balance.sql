-- What fee revenue holds (poisha): its last balance snapshot (ledger_snapshot_day; none yet: 0) and
-- the entries dated since, read by the entries' account and time index. Fee revenue keeps no
-- running balance (every fee would queue on its row), and its whole history is never summed: a
-- funding of the commission float (commission_float_fund) and the metrics read it as often as
-- they need. No entry is ever dated in a snapshotted day (ledger_check_transaction).
CREATE OR REPLACE FUNCTION fee_revenue_balance() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (coalesce(last.balance, 0) + coalesce((
    SELECT sum(e.amount) FROM ledger_entries e
    WHERE e.account_id = revenue.id AND e.created_at >= coalesce(last.as_of, '-infinity')), 0))::bigint
  FROM accounts revenue
  LEFT JOIN LATERAL (
    SELECT s.balance, s.as_of FROM balance_snapshots s WHERE s.account_id = revenue.id ORDER BY s.as_of DESC LIMIT 1
  ) last ON true
  WHERE revenue.code = 'FEE_REVENUE'
$$;
