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
  checked record;
  sender_bound limits;
  receiver_bound limits;
  receiver_ceiling bigint;
BEGIN
  IF p_from = p_to THEN
    refusal := 'SAME_ACCOUNT';
    RETURN;
  END IF;
  -- With each wallet, its owner's row of limits for this movement where it bounds their side
  -- (limit_side), and the receiver's maximum balance: read in the statement that locks.
  FOR wallet IN
    SELECT a.id, a.balance, a.is_blocked, bound, ceiling.max_balance
    FROM accounts a
    LEFT JOIN limits bound
      ON bound.type = p_type
     AND bound.holder = CASE WHEN a.id = p_from THEN p_sender_holder ELSE p_receiver_holder END
     AND limit_side(bound.holder, p_type) = CASE WHEN a.id = p_from THEN 'sent' ELSE 'received' END
    LEFT JOIN limits ceiling ON a.id = p_to AND ceiling.holder = p_receiver_holder AND ceiling.type IS NULL
    WHERE a.id IN (p_from, p_to) AND a.kind = 'WALLET' ORDER BY a.id FOR UPDATE OF a
  LOOP
    IF wallet.is_blocked THEN
      refusal := 'WALLET_BLOCKED';
    END IF;
    IF wallet.id = p_from THEN
      from_balance := wallet.balance - p_amount;
      sender_bound := wallet.bound;
    ELSE
      to_balance := wallet.balance + p_amount;
      receiver_bound := wallet.bound;
      receiver_ceiling := wallet.max_balance;
    END IF;
  END LOOP;
  IF refusal IS NULL AND from_balance < 0 THEN
    refusal := 'INSUFFICIENT_BALANCE';
  END IF;
  IF refusal IS NULL AND (sender_bound.holder IS NOT NULL OR receiver_bound.holder IS NOT NULL OR receiver_ceiling IS NOT NULL) THEN
    checked := movement_limits(p_type, p_amount, p_sender, sender_bound,
      p_receiver, receiver_bound, receiver_ceiling, to_balance - p_amount);
    refusal := checked.refusal;
    refusal_params := checked.refusal_params;
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
