-- The rows of limit_counters rebuilt from the movements themselves, for the movements created in
-- [p_from, p_to): what limit_counters_count has counted, kept apart from it so that each checks
-- the other. ledger_health compares a settled Asia/Dhaka day with it once a day; the API tests
-- compare every row after each test file.
CREATE OR REPLACE FUNCTION limit_counters_from_history(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (user_id uuid, type transaction_type, side text, period text, starts date, amount bigint, movements bigint)
LANGUAGE sql STABLE AS $$
  SELECT party.id, t.type, party.side, period.name, period.starts, sum(t.amount)::bigint, count(*)
  FROM transactions t
  CROSS JOIN LATERAL (VALUES (t.sender_user_id, 'sent'), (t.receiver_user_id, 'received')) AS party(id, side)
  CROSS JOIN LATERAL (VALUES ('day', (t.created_at AT TIME ZONE 'Asia/Dhaka')::date),
                             ('month', date_trunc('month', t.created_at AT TIME ZONE 'Asia/Dhaka')::date))
    AS period(name, starts)
  WHERE party.id IS NOT NULL AND limit_counted(t.type, party.side) AND t.created_at >= p_from AND t.created_at < p_to
  GROUP BY party.id, t.type, party.side, period.name, period.starts
$$;
