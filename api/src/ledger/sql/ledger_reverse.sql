-- An admin's reversal of a transfer made by mistake: a new transaction of type 'reversal' that
-- `reverses` the original, moving the amount back from the receiver to the sender and the fee
-- the sender paid back from FEE_REVENUE, with its audit row (reverse, the reason, the reversal),
-- all in one database transaction. The original is never edited: the ledger refuses it.
--
-- Only a transfer is reversed: a cash-in or a cash-out moved physical cash, which is settled
-- outside; a reversal is final. Concurrent reversals of one transfer queue on the original's row
-- lock (transfer_for_update), so the first reverses it and the rest are told ALREADY_REVERSED (the unique index on
-- `reverses` is the last guard). The wallets are then locked in id order, as every posting locks
-- them. A refusal is returned as its code (the API's REVERSAL_ERRORS), with nothing written:
-- TRANSACTION_NOT_FOUND, NOT_REVERSIBLE, ALREADY_REVERSED, or FUNDS_GONE when the receiver no
-- longer holds the amount. A blocked wallet does not stop an admin's correction. The sender's open
-- report of the transfer, if any (dispute_report), is closed as reversed with the same reason.
CREATE OR REPLACE FUNCTION ledger_reverse(
  p_original uuid, p_admin uuid, p_reason text,
  OUT refusal text, OUT transaction_id uuid, OUT created_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  locked record;
  original transactions;
  wallet record;
  payer_wallet uuid;
  payee_wallet uuid;
  payee_balance bigint;
  revenue uuid;
BEGIN
  locked := transfer_for_update(p_original);
  original := locked.original;
  IF original.id IS NULL THEN
    refusal := 'TRANSACTION_NOT_FOUND';
  ELSIF original.type <> 'transfer' THEN
    refusal := 'NOT_REVERSIBLE';
  ELSIF locked.reversed THEN
    refusal := 'ALREADY_REVERSED';
  END IF;
  IF refusal IS NOT NULL THEN RETURN; END IF;
  FOR wallet IN
    SELECT a.id, a.user_id, a.balance - a.held AS free FROM accounts a
    WHERE a.kind = 'WALLET' AND a.user_id IN (original.sender_user_id, original.receiver_user_id)
    ORDER BY a.id FOR UPDATE
  LOOP
    IF wallet.user_id = original.sender_user_id THEN
      payer_wallet := wallet.id;
    ELSE
      payee_wallet := wallet.id;
      -- What the payee can give back: a held bonus is not theirs to give yet.
      payee_balance := wallet.free;
    END IF;
  END LOOP;
  IF payee_balance < original.amount THEN
    refusal := 'FUNDS_GONE';
    RETURN;
  END IF;
  INSERT INTO transactions (type, amount, fee, sender_user_id, receiver_user_id, reverses)
  VALUES ('reversal', original.amount, original.fee, original.receiver_user_id, original.sender_user_id, original.id)
  RETURNING transactions.id, transactions.created_at INTO transaction_id, created_at;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, kind, created_at)
  VALUES (ledger_reverse.transaction_id, payee_wallet, -original.amount, 'amount', ledger_reverse.created_at),
         (ledger_reverse.transaction_id, payer_wallet, original.amount, 'amount', ledger_reverse.created_at);
  IF original.fee > 0 THEN
    SELECT id INTO revenue FROM accounts WHERE code = 'FEE_REVENUE';
    INSERT INTO ledger_entries (transaction_id, account_id, amount, kind, created_at)
    VALUES (ledger_reverse.transaction_id, revenue, -original.fee, 'fee', ledger_reverse.created_at),
           (ledger_reverse.transaction_id, payer_wallet, original.fee, 'fee', ledger_reverse.created_at);
  END IF;
  INSERT INTO audit_log (action, admin_id, target_user_id, reason, transaction_id)
  VALUES ('reverse', p_admin, original.sender_user_id, p_reason, ledger_reverse.transaction_id);
  UPDATE disputes d
  SET status = 'reversed', decision = p_reason, decided_by = p_admin, decided_at = clock_timestamp(),
      reversal_id = ledger_reverse.transaction_id
  WHERE d.transaction_id = original.id AND d.status = 'open';
END;
$$;
