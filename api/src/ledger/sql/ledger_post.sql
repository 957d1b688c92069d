-- One posting between two accounts: the primitive every movement (and the registration bonus)
-- goes through. Wallets are locked in id order (system accounts are never locked: they keep no
-- running balance) and checked, then the parties' limits (movement_limits) for each party whose
-- holder is given (a movement's; the bonus gives none). A refusal is returned as its code (from
-- the API's refusal table, shared/src/contracts/refusals.ts) and figures, with nothing written.
-- Otherwise the transaction and its two entries are written, and the entries move the balances
-- (ledger_entries_post). An entry carries its transaction's time, so a statement and the history
-- show one time for one movement.
CREATE OR REPLACE FUNCTION ledger_post(
  p_type transaction_type, p_amount bigint, p_from uuid, p_to uuid, p_sender uuid, p_receiver uuid,
  p_sender_holder limit_holder DEFAULT NULL, p_receiver_holder limit_holder DEFAULT NULL,
  OUT refusal text, OUT refusal_params jsonb, OUT transaction_id uuid, OUT created_at timestamptz,
  OUT from_balance bigint, OUT to_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  wallet record;
BEGIN
  IF p_from = p_to THEN
    refusal := 'SAME_ACCOUNT';
    RETURN;
  END IF;
  FOR wallet IN
    SELECT a.id, a.balance, a.is_blocked FROM accounts a
    WHERE a.id IN (p_from, p_to) AND a.kind = 'WALLET' ORDER BY a.id FOR UPDATE
  LOOP
    IF wallet.is_blocked THEN
      refusal := 'WALLET_BLOCKED';
    END IF;
    IF wallet.id = p_from THEN from_balance := wallet.balance - p_amount;
    ELSE to_balance := wallet.balance + p_amount;
    END IF;
  END LOOP;
  IF refusal IS NULL AND from_balance < 0 THEN
    refusal := 'INSUFFICIENT_BALANCE';
  END IF;
  IF refusal IS NULL AND (p_sender_holder IS NOT NULL OR p_receiver_holder IS NOT NULL) THEN
    SELECT * INTO refusal, refusal_params FROM movement_limits(
      p_type, p_amount, p_sender, p_sender_holder, p_receiver, p_receiver_holder, to_balance - p_amount);
  END IF;
  IF refusal IS NOT NULL THEN
    from_balance := NULL;
    to_balance := NULL;
    RETURN;
  END IF;
  INSERT INTO transactions (type, amount, sender_user_id, receiver_user_id)
  VALUES (p_type, p_amount, p_sender, p_receiver)
  RETURNING transactions.id, transactions.created_at INTO transaction_id, created_at;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
  VALUES (ledger_post.transaction_id, p_from, -p_amount, ledger_post.created_at),
         (ledger_post.transaction_id, p_to, p_amount, ledger_post.created_at);
END;
$$;
