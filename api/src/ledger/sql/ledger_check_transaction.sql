-- Double entry, kept by the database whatever code writes: at commit, every transaction touched
-- has entries, they net to zero, and what they credit is the transaction's amount. Called by the
-- deferred triggers of ledger_entries_checked and transactions_checked.
CREATE OR REPLACE FUNCTION ledger_check_transaction(p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  net bigint;
  credited bigint;
  expected bigint;
BEGIN
  SELECT coalesce(sum(amount), 0), sum(amount) FILTER (WHERE amount > 0) INTO net, credited
  FROM ledger_entries WHERE transaction_id = p_transaction;
  SELECT amount INTO expected FROM transactions WHERE id = p_transaction;
  IF credited IS NULL THEN
    RAISE EXCEPTION 'transaction % has no ledger entries', p_transaction USING ERRCODE = 'check_violation';
  ELSIF net <> 0 THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not sum to zero', p_transaction USING ERRCODE = 'check_violation';
  ELSIF credited IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not match its amount', p_transaction USING ERRCODE = 'check_violation';
  END IF;
END;
$$;
