-- What a person has used of their limits for one movement type and side, up to p_at: the amount
-- and the number of movements in its calendar day and month in Asia/Dhaka (the wallet's people's
-- day, whatever the server's time zone). The ledger calls it with both wallets locked, so no
-- concurrent movement of the person slips between this reading and the posting.
--
-- It reads the person's movements of the month off the (party, created_at) index of
-- transactions, and looks at each one's type. The type is compared so that no index can use it
-- (IS TRUE): otherwise a plan made while the table was small may pick the (type, created_at)
-- index of the admin's analytics and read every movement of that type this month, everyone's,
-- for each movement (as bench:db once showed). Read this way, the cost is the person's own month.
CREATE OR REPLACE FUNCTION limit_usage(
  p_user uuid, p_type transaction_type, p_sent boolean, p_at timestamptz,
  OUT day_amount bigint, OUT day_count bigint, OUT month_amount bigint, OUT month_count bigint
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  local_at timestamp := p_at AT TIME ZONE 'Asia/Dhaka';
  day_start timestamptz := date_trunc('day', local_at) AT TIME ZONE 'Asia/Dhaka';
  month_start timestamptz := date_trunc('month', local_at) AT TIME ZONE 'Asia/Dhaka';
BEGIN
  IF p_sent THEN
    SELECT coalesce(sum(t.amount) FILTER (WHERE t.created_at >= day_start), 0),
           count(*) FILTER (WHERE t.created_at >= day_start), coalesce(sum(t.amount), 0), count(*)
    INTO day_amount, day_count, month_amount, month_count
    FROM transactions t
    WHERE t.sender_user_id = p_user AND t.created_at >= month_start AND t.created_at <= p_at
      AND (t.type = p_type) IS TRUE;
  ELSE
    SELECT coalesce(sum(t.amount) FILTER (WHERE t.created_at >= day_start), 0),
           count(*) FILTER (WHERE t.created_at >= day_start), coalesce(sum(t.amount), 0), count(*)
    INTO day_amount, day_count, month_amount, month_count
    FROM transactions t
    WHERE t.receiver_user_id = p_user AND t.created_at >= month_start AND t.created_at <= p_at
      AND (t.type = p_type) IS TRUE;
  END IF;
END;
$$;
