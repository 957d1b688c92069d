-- One party's limits for one movement (the table limits, in poisha), as the party itself is told
-- them: the row of its holder and the movement's type where it bounds the party's side
-- (limit_side), per movement, then per Asia/Dhaka day and month (limit_usage), amount before
-- count; then, for the receiving side, the holder's maximum balance. The first limit the movement
-- would pass is returned with its figures (the limit, what was used, what is left); none, null.
CREATE OR REPLACE FUNCTION party_limits(
  p_holder limit_holder, p_type transaction_type, p_user uuid, p_side text, p_amount bigint, p_balance bigint,
  OUT refusal text, OUT refusal_params jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  bound limits;
  used record;
  ceiling bigint;
BEGIN
  IF limit_side(p_holder, p_type) = p_side THEN
    SELECT * INTO bound FROM limits l WHERE l.holder = p_holder AND l.type = p_type;
    IF bound.min_amount > p_amount THEN
      refusal := 'AMOUNT_BELOW_MINIMUM';
      refusal_params := jsonb_build_object('movement', p_type, 'limit', bound.min_amount);
      RETURN;
    END IF;
    IF bound.max_amount < p_amount THEN
      refusal := 'AMOUNT_ABOVE_MAXIMUM';
      refusal_params := jsonb_build_object('movement', p_type, 'limit', bound.max_amount);
      RETURN;
    END IF;
    IF coalesce(bound.daily_amount, bound.monthly_amount, bound.daily_count, bound.monthly_count) IS NOT NULL THEN
      SELECT * INTO used FROM limit_usage(p_user, p_type, p_side = 'sent', clock_timestamp());
      IF used.day_amount + p_amount > bound.daily_amount THEN
        refusal := 'DAILY_LIMIT';
        refusal_params := jsonb_build_object('movement', p_type, 'limit', bound.daily_amount,
          'used', used.day_amount, 'left', greatest(bound.daily_amount - used.day_amount, 0));
      ELSIF used.month_amount + p_amount > bound.monthly_amount THEN
        refusal := 'MONTHLY_LIMIT';
        refusal_params := jsonb_build_object('movement', p_type, 'limit', bound.monthly_amount,
          'used', used.month_amount, 'left', greatest(bound.monthly_amount - used.month_amount, 0));
      ELSIF used.day_count + 1 > bound.daily_count THEN
        refusal := 'DAILY_COUNT_LIMIT';
        refusal_params := jsonb_build_object('movement', p_type, 'limit', bound.daily_count,
          'used', used.day_count, 'left', greatest(bound.daily_count - used.day_count, 0));
      ELSIF used.month_count + 1 > bound.monthly_count THEN
        refusal := 'MONTHLY_COUNT_LIMIT';
        refusal_params := jsonb_build_object('movement', p_type, 'limit', bound.monthly_count,
          'used', used.month_count, 'left', greatest(bound.monthly_count - used.month_count, 0));
      END IF;
      IF refusal IS NOT NULL THEN RETURN; END IF;
    END IF;
  END IF;
  IF p_side = 'received' THEN
    SELECT l.max_balance INTO ceiling FROM limits l WHERE l.holder = p_holder AND l.type IS NULL;
    IF p_balance + p_amount > ceiling THEN
      refusal := 'BALANCE_LIMIT';
      refusal_params := jsonb_build_object('movement', p_type, 'limit', ceiling, 'left', greatest(ceiling - p_balance, 0));
    END IF;
  END IF;
END;
$$;
