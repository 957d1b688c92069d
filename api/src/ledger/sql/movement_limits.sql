-- The limits of one movement, checked by ledger_post once both wallets are locked (it reads the
-- parties' rows of the table limits with the locks), so that concurrent movements of a person
-- are counted one after the other: first the row of the party who starts it (the sender; a
-- deposit's receiver, as a deposit comes from the bank), with its figures; then the receiver's
-- row and maximum balance. Someone's own maximum balance is told with its figures
-- (BALANCE_LIMIT); the receiver's limits as RECEIVER_LIMIT and which limit (params.scope), never
-- their figures, which are the receiver's own business. A null row bounds nothing. Usage is read
-- as of p_at, the instant the movement is written at. The signature before p_at is dropped here,
-- in the transaction that replaces its caller.
DROP FUNCTION IF EXISTS movement_limits(transaction_type, bigint, uuid, limits, uuid, limits, bigint, bigint);
CREATE OR REPLACE FUNCTION movement_limits(
  p_type transaction_type, p_amount bigint, p_sender uuid, p_sender_bound limits,
  p_receiver uuid, p_receiver_bound limits, p_receiver_ceiling bigint, p_receiver_balance bigint,
  p_at timestamptz,
  OUT refusal text, OUT refusal_params jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  -- Each check is called as an expression, not a FROM: no function scan and tuple store for its one row.
  checked record;
BEGIN
  IF p_sender_bound.holder IS NOT NULL THEN
    checked := limit_refusal(p_sender_bound, p_sender, true, p_amount, p_at);
    IF checked.refusal IS NOT NULL THEN
      refusal := checked.refusal;
      refusal_params := checked.refusal_params;
      RETURN;
    END IF;
  END IF;
  IF p_receiver_bound.holder IS NOT NULL THEN
    checked := limit_refusal(p_receiver_bound, p_receiver, false, p_amount, p_at);
    refusal := checked.refusal;
    refusal_params := checked.refusal_params;
  END IF;
  IF refusal IS NULL AND p_receiver_balance + p_amount > p_receiver_ceiling THEN
    refusal := 'BALANCE_LIMIT';
    refusal_params := jsonb_build_object('movement', p_type, 'limit', p_receiver_ceiling,
      'left', greatest(p_receiver_ceiling - p_receiver_balance, 0));
  END IF;
  IF refusal IS NOT NULL AND p_sender IS NOT NULL THEN
    refusal_params := jsonb_build_object('movement', p_type, 'scope', CASE
      WHEN refusal IN ('AMOUNT_BELOW_MINIMUM', 'AMOUNT_ABOVE_MAXIMUM') THEN 'transaction'
      WHEN refusal IN ('DAILY_LIMIT', 'DAILY_COUNT_LIMIT') THEN 'day'
      WHEN refusal IN ('MONTHLY_LIMIT', 'MONTHLY_COUNT_LIMIT') THEN 'month'
      ELSE 'balance' END);
    refusal := 'RECEIVER_LIMIT';
  END IF;
END;
$$;
