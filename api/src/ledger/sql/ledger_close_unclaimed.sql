-- "I did not sign up": the owner of an address closes an account someone else made with it, from
-- the verification link mailed there. The registration bonus goes back to BONUS_EXPENSE as a
-- reversal of the bonus (so the two net to zero, as every reversal does with its original), and the
-- person's row is closed in the same database transaction: name cleared, email freed for a real
-- sign-up, password gone, wallet blocked, its ways in (sessions, passkeys, recovery codes) removed,
-- audited as the system's act for the address's owner. Nothing of the ledger or the audit log is
-- edited or deleted.
--
-- Only an account that never moved money is closed this way: its wallet holds its bonus and
-- nothing else has touched it (one entry). Otherwise the refusal is ACCOUNT_IN_USE and nothing is
-- written: money that came from a bank goes back through people, not through a link.
-- ALREADY_CLOSED when it was closed before.
CREATE OR REPLACE FUNCTION ledger_close_unclaimed(
  p_user uuid,
  OUT refusal text, OUT transaction_id uuid
) LANGUAGE plpgsql AS $$
DECLARE
  person users;
  wallet accounts;
  bonus transactions;
  bonus_account uuid;
  moved_at timestamptz;
BEGIN
  SELECT * INTO person FROM users WHERE id = p_user FOR UPDATE;
  IF person.closed_at IS NOT NULL THEN
    refusal := 'ALREADY_CLOSED';
    RETURN;
  END IF;
  SELECT * INTO wallet FROM accounts WHERE user_id = p_user AND kind = 'WALLET' FOR UPDATE;
  SELECT * INTO bonus FROM transactions WHERE type = 'bonus' AND receiver_user_id = p_user;
  IF wallet.id IS NULL OR bonus.id IS NULL OR wallet.entry_count <> 1 OR wallet.balance <> bonus.amount THEN
    refusal := 'ACCOUNT_IN_USE';
    RETURN;
  END IF;
  SELECT id INTO bonus_account FROM accounts WHERE code = 'BONUS_EXPENSE';
  INSERT INTO transactions (type, amount, sender_user_id, receiver_user_id, reverses)
  VALUES ('reversal', bonus.amount, p_user, NULL, bonus.id)
  RETURNING transactions.id, transactions.created_at INTO transaction_id, moved_at;
  -- The bonus goes back, and with it its hold (held within the balance, so cleared first).
  UPDATE accounts SET held = 0 WHERE id = wallet.id;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, kind, created_at)
  VALUES (ledger_close_unclaimed.transaction_id, wallet.id, -bonus.amount, 'amount', moved_at),
         (ledger_close_unclaimed.transaction_id, bonus_account, bonus.amount, 'amount', moved_at);
  UPDATE users
  SET name = '', email = 'closed-' || p_user || '@closed.invalid', password_hash = NULL,
      closed_at = clock_timestamp()
  WHERE id = p_user;
  UPDATE accounts SET is_blocked = true WHERE id = wallet.id;
  DELETE FROM sessions WHERE user_id = p_user;
  DELETE FROM passkeys WHERE user_id = p_user;
  DELETE FROM recovery_codes WHERE user_id = p_user;
  INSERT INTO audit_log (action, admin_id, target_user_id, reason, transaction_id)
  VALUES ('close_unclaimed', NULL, p_user,
          'The owner of the address said they did not sign up: the account was closed and its bonus returned',
          ledger_close_unclaimed.transaction_id);
END;
$$;
