-- What a person has used of their limits for one movement type and side as of p_at: the amount
-- and the number of movements in its calendar day and month in Asia/Dhaka (the wallet's people's
-- day, whatever the server's time zone), read from their two rows of limit_counters (kept by
-- limit_counters_count as each movement is written): the cost is two index probes, however many
-- movements the month holds. The ledger calls it in a statement of its own after both wallets are
-- locked (never joined into the locking SELECT: after a lock wait, READ COMMITTED re-reads only the
-- locked rows), so every earlier movement of the person is counted; the quote and the limits page
-- call it to show the same figures.
--
-- PL/pgSQL, not SQL: a SQL function called from another function is planned again at every call
-- (PostgreSQL 15), a quarter of a millisecond per movement; PL/pgSQL keeps its plan.
CREATE OR REPLACE FUNCTION limit_usage(
  p_user uuid, p_type transaction_type, p_sent boolean, p_at timestamptz,
  OUT day_amount bigint, OUT day_count bigint, OUT month_amount bigint, OUT month_count bigint
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  local_at timestamp := p_at AT TIME ZONE 'Asia/Dhaka';
BEGIN
  SELECT coalesce(sum(c.amount) FILTER (WHERE c.period = 'day'), 0),
         coalesce(sum(c.movements) FILTER (WHERE c.period = 'day'), 0),
         coalesce(sum(c.amount) FILTER (WHERE c.period = 'month'), 0),
         coalesce(sum(c.movements) FILTER (WHERE c.period = 'month'), 0)
  INTO day_amount, day_count, month_amount, month_count
  FROM limit_counters c
  WHERE c.user_id = p_user AND c.type = p_type AND c.side = CASE WHEN p_sent THEN 'sent' ELSE 'received' END
    AND (c.period, c.starts) IN (('day', local_at::date), ('month', date_trunc('month', local_at)::date));
END;
$$;
