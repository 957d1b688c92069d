-- One party's row of limits for one movement (the table limits, in poisha), as the party itself
-- is told them: per movement, then per Asia/Dhaka day and month (limit_usage), amount before
-- count, as of p_at (the instant the movement is written at). The first limit the movement would
-- pass is returned with its figures (the limit, what was used, what is left); none, or no row, null.
-- The signature before p_at is dropped here, in the transaction that replaces its callers.
DROP FUNCTION IF EXISTS limit_refusal(limits, uuid, boolean, bigint);
CREATE OR REPLACE FUNCTION limit_refusal(
  p_bound limits, p_user uuid, p_sent boolean, p_amount bigint, p_at timestamptz,
  OUT refusal text, OUT refusal_params jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  used record;
BEGIN
  IF p_bound.min_amount > p_amount THEN
    refusal := 'AMOUNT_BELOW_MINIMUM';
    refusal_params := jsonb_build_object('movement', p_bound.type, 'limit', p_bound.min_amount);
  ELSIF p_bound.max_amount < p_amount THEN
    refusal := 'AMOUNT_ABOVE_MAXIMUM';
    refusal_params := jsonb_build_object('movement', p_bound.type, 'limit', p_bound.max_amount);
  ELSIF coalesce(p_bound.daily_amount, p_bound.monthly_amount, p_bound.daily_count, p_bound.monthly_count) IS NOT NULL THEN
    used := limit_usage(p_user, p_bound.type, p_sent, p_at);
    IF limit_exceeded(p_bound.daily_amount, used.day_amount, p_amount) THEN
      refusal := 'DAILY_LIMIT';
      refusal_params := jsonb_build_object('movement', p_bound.type, 'limit', p_bound.daily_amount,
        'used', used.day_amount, 'left', limit_left(p_bound.daily_amount, used.day_amount));
    ELSIF limit_exceeded(p_bound.monthly_amount, used.month_amount, p_amount) THEN
      refusal := 'MONTHLY_LIMIT';
      refusal_params := jsonb_build_object('movement', p_bound.type, 'limit', p_bound.monthly_amount,
        'used', used.month_amount, 'left', limit_left(p_bound.monthly_amount, used.month_amount));
    ELSIF limit_exceeded(p_bound.daily_count, used.day_count, 1) THEN
      refusal := 'DAILY_COUNT_LIMIT';
      refusal_params := jsonb_build_object('movement', p_bound.type, 'limit', p_bound.daily_count,
        'used', used.day_count, 'left', limit_left(p_bound.daily_count, used.day_count));
    ELSIF limit_exceeded(p_bound.monthly_count, used.month_count, 1) THEN
      refusal := 'MONTHLY_COUNT_LIMIT';
      refusal_params := jsonb_build_object('movement', p_bound.type, 'limit', p_bound.monthly_count,
        'used', used.month_count, 'left', limit_left(p_bound.monthly_count, used.month_count));
    END IF;
  END IF;
END;
$$;
