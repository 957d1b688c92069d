-- Double entry, kept by the database whatever code writes: at commit, every transaction touched
-- has entries, and each kind of entry nets to zero on its own: what the amount entries credit is
-- the transaction's amount, what the fee entries credit is its fee and goes to FEE_REVENUE alone
-- (from whoever pays it: the payer, or a payment's merchant), and what the commission entries credit is its commission, taken from
-- COMMISSION_FLOAT alone for a cash-in and FEE_REVENUE alone otherwise (a cash-out's agent's
-- share of its fee). A reversal's fee entries go the other way: its fee is refunded, out of
-- FEE_REVENUE alone, and its original's amount goes back. No amount entry touches FEE_REVENUE or
-- COMMISSION_FLOAT but a float-funding's, whose amount goes into the float alone (from fee
-- revenue or the bank). So fee revenue is always the fees charged less the cash-out commissions
-- paid, the fees refunded and what funded the float; and
-- a reversal, added to its original (a transfer, or a bonus returned), nets the original to zero. Every entry is dated on its
-- transaction's UTC day, and no transaction in a day whose balances are already snapshotted
-- (ledger_snapshot_day): a snapshot, once taken, stays true. Called once per transaction, at
-- commit, by the deferred trigger transactions_checked; entries join only a transaction written in
-- the same database transaction (ledger_entries_post), so this sees all it will ever have.
-- It takes the transaction's row as written (transactions are never changed), and reads its
-- entries, the fee revenue account and the last snapshotted day in one statement. The signature
-- that took the id is dropped here, in the transaction that replaces its caller.
DROP FUNCTION IF EXISTS ledger_check_transaction(uuid);
CREATE OR REPLACE FUNCTION ledger_check_transaction(expected transactions) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved record;
  original transactions;
  p_transaction uuid := expected.id;
BEGIN
  SELECT count(e.id) AS entries,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'amount'), 0) AS amount_net,
         sum(e.amount) FILTER (WHERE e.kind = 'amount' AND e.amount > 0) AS amount_credited,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'fee'), 0) AS fee_net,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'fee' AND e.amount > 0), 0) AS fee_credited,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'commission'), 0) AS commission_net,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'commission' AND e.amount > 0), 0) AS commission_credited,
         coalesce(bool_or(CASE e.kind
           WHEN 'amount' THEN CASE WHEN expected.type = 'float-funding'
             THEN (e.amount > 0) <> (e.account_id = float_account.id) OR (e.amount < 0 AND e.account_id NOT IN (revenue.id, bank.id))
             ELSE e.account_id IN (revenue.id, float_account.id) END
           WHEN 'fee' THEN ((e.amount > 0) <> (e.account_id = revenue.id)) <> (expected.type IN ('reversal', 'refund'))
             -- A refund's fee goes back to its sender's wallet alone, the merchant who paid it.
             OR (expected.type = 'refund' AND e.amount > 0 AND e.account_id IS DISTINCT FROM
                 (SELECT w.id FROM accounts w WHERE w.user_id = expected.sender_user_id))
             -- A payment's fee is its merchant's (movement_fee_payer): from the payee's wallet alone.
             OR (expected.type = 'payment' AND e.amount < 0 AND e.account_id IS DISTINCT FROM
                 (SELECT w.id FROM accounts w WHERE w.user_id = expected.receiver_user_id))
           ELSE (e.amount < 0) <> (e.account_id = CASE WHEN expected.type = 'cash-in' THEN float_account.id ELSE revenue.id END)
           END), false) AS misdirected,
         coalesce(bool_or(date_trunc('day', e.created_at, 'UTC') IS DISTINCT FROM
                          date_trunc('day', expected.created_at, 'UTC')), false) AS mistimed,
         coalesce(expected.created_at < (SELECT max(as_of) FROM balance_snapshot_days), false) AS snapshotted
  INTO moved
  FROM (SELECT id FROM accounts WHERE code = 'FEE_REVENUE') revenue
  CROSS JOIN (SELECT id FROM accounts WHERE code = 'COMMISSION_FLOAT') float_account
  CROSS JOIN (SELECT id FROM accounts WHERE code = 'BANK_SETTLEMENT') bank
  LEFT JOIN ledger_entries e ON e.transaction_id = p_transaction;
  IF moved.amount_credited IS NULL THEN
    RAISE EXCEPTION 'transaction % has no ledger entries', p_transaction USING ERRCODE = 'check_violation';
  ELSIF moved.amount_net <> 0 OR moved.fee_net <> 0 OR moved.commission_net <> 0 THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not sum to zero', p_transaction USING ERRCODE = 'check_violation';
  ELSIF moved.amount_credited IS DISTINCT FROM expected.amount THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not match its amount', p_transaction USING ERRCODE = 'check_violation';
  ELSIF moved.fee_credited <> expected.fee OR moved.commission_credited <> expected.commission THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not match its fee and commission', p_transaction
      USING ERRCODE = 'check_violation';
  ELSIF moved.misdirected THEN
    RAISE EXCEPTION 'entries of transaction % do not go through the fee revenue and commission float accounts as its type asks', p_transaction
      USING ERRCODE = 'check_violation';
  ELSIF moved.mistimed THEN
    RAISE EXCEPTION 'ledger entries of transaction % are not dated on its day', p_transaction USING ERRCODE = 'check_violation';
  ELSIF moved.snapshotted THEN
    RAISE EXCEPTION 'transaction % is dated in a day whose balances are snapshotted', p_transaction
      USING ERRCODE = 'check_violation';
  END IF;
  IF expected.type = 'refund' THEN
    -- A refund gives back a payment of its sender (the merchant) to the payment's payer, and the
    -- payment's refunds, this one with them, add up to no more than it: amount and fee. ledger_move
    -- writes them under the payment's row lock, so refunds at once are judged one after the other.
    IF NOT EXISTS (
      SELECT 1 FROM refunds r
      JOIN payments pay ON pay.transaction_id = r.payment_id
      JOIN transactions t ON t.id = pay.transaction_id
      WHERE r.transaction_id = p_transaction
        AND t.sender_user_id = expected.receiver_user_id AND t.receiver_user_id = expected.sender_user_id
        AND (SELECT sum(given.amount) FROM refunds r2 JOIN transactions given ON given.id = r2.transaction_id
             WHERE r2.payment_id = pay.transaction_id) <= pay.amount
        AND (SELECT sum(given.fee) FROM refunds r2 JOIN transactions given ON given.id = r2.transaction_id
             WHERE r2.payment_id = pay.transaction_id) <= pay.fee) THEN
      RAISE EXCEPTION 'refund % does not give back a payment of its merchant to its payer, within what was paid', p_transaction
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF expected.type = 'reversal' THEN
    -- A reversal and its original together leave every account as it was, entry kind by kind. The
    -- original is a transfer (an admin's reversal) or a registration bonus (its return when the
    -- address's owner closes an account they never made: ledger_close_unclaimed).
    SELECT * INTO original FROM transactions WHERE id = expected.reverses;
    IF original.type IS NULL OR original.type NOT IN ('transfer', 'bonus')
       OR expected.sender_user_id IS DISTINCT FROM original.receiver_user_id
       OR expected.receiver_user_id IS DISTINCT FROM original.sender_user_id
       OR EXISTS (
         SELECT 1 FROM ledger_entries e
         WHERE e.transaction_id IN (p_transaction, original.id)
         GROUP BY e.account_id, e.kind HAVING sum(e.amount) <> 0) THEN
      RAISE EXCEPTION 'reversal % does not net its transfer to zero', p_transaction USING ERRCODE = 'check_violation';
    END IF;
  END IF;
END;
$$;
