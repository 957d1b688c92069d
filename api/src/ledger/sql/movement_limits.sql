-- The limits of one movement, checked by ledger_post once both wallets are locked, so that
-- concurrent movements of a person are counted one after the other: first those of the party
-- who starts it (the sender; a deposit's receiver, as a deposit comes from the bank), with their
-- figures; then the receiver's, told as RECEIVER_LIMIT and which limit (params.scope) but never
-- their figures, which are the receiver's own business. A party without a holder is not limited.
CREATE OR REPLACE FUNCTION movement_limits(
  p_type transaction_type, p_amount bigint,
  p_sender uuid, p_sender_holder limit_holder, p_receiver uuid, p_receiver_holder limit_holder, p_receiver_balance bigint,
  OUT refusal text, OUT refusal_params jsonb
) LANGUAGE plpgsql AS $$
BEGIN
  IF p_sender IS NOT NULL AND p_sender_holder IS NOT NULL THEN
    SELECT * INTO refusal, refusal_params FROM party_limits(p_sender_holder, p_type, p_sender, 'sent', p_amount, NULL);
    IF refusal IS NOT NULL THEN RETURN; END IF;
  END IF;
  IF p_receiver_holder IS NULL THEN RETURN; END IF;
  SELECT * INTO refusal, refusal_params
  FROM party_limits(p_receiver_holder, p_type, p_receiver, 'received', p_amount, p_receiver_balance);
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
