-- What a person has used of their limits for one movement type and side, up to p_at: the amount
-- and the number of movements in its calendar day and month in Asia/Dhaka (the wallet's users'
-- day, whatever the server's time zone). Read off the (party, type, created_at) indexes of
-- transactions. The ledger calls it with both wallets locked, so no concurrent movement of the
-- person can slip between this reading and the posting.
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
    WHERE t.sender_user_id = p_user AND t.type = p_type AND t.created_at >= month_start AND t.created_at <= p_at;
  ELSE
    SELECT coalesce(sum(t.amount) FILTER (WHERE t.created_at >= day_start), 0),
           count(*) FILTER (WHERE t.created_at >= day_start), coalesce(sum(t.amount), 0), count(*)
    INTO day_amount, day_count, month_amount, month_count
    FROM transactions t
    WHERE t.receiver_user_id = p_user AND t.type = p_type AND t.created_at >= month_start AND t.created_at <= p_at;
  END IF;
END;
$$;
