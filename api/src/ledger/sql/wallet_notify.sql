-- Live events: a wallet that changed is announced on channel wallet_events, whoever changed it: a
-- movement (ledger_entries_post, once per wallet per posting), a block, an unblock, a report
-- decided, a notice of the owner's account (notify_person), notifications marked read. NOTIFY is
-- delivered only when the transaction commits, and never if it rolls back.
-- Every API instance listens and tells the owner's open streams. The payload (wallet_event) is
-- kept short, as NOTIFY payloads travel to every listener: {"w": wallet, "u": owner, "t":
-- transaction or null, "b": balance in poisha as a string, "h": what of it is held (accounts.held),
-- "k": blocked, "n": the owner's unread notifications}. The API reads it with
-- walletNotificationSchema (api/src/plugins/app/events.ts), and a test checks the two agree.
-- STABLE as json_build_object is, so the planner inlines it where it is called.
CREATE OR REPLACE FUNCTION wallet_event(
  p_wallet uuid, p_owner uuid, p_transaction uuid, p_balance bigint, p_held bigint, p_blocked boolean,
  p_unread integer
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object('w', p_wallet, 'u', p_owner, 't', p_transaction, 'b', p_balance::text, 'h', p_held::text,
    'k', p_blocked, 'n', p_unread)::text
$$;

-- One wallet announced as it is now (a system account is not announced).
CREATE OR REPLACE FUNCTION wallet_notify(p_account uuid, p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wallet accounts;
BEGIN
  SELECT * INTO wallet FROM accounts WHERE id = p_account AND kind = 'WALLET';
  IF FOUND THEN
    PERFORM pg_notify('wallet_events', wallet_event(wallet.id, wallet.user_id, p_transaction, wallet.balance,
      wallet.held, wallet.is_blocked, wallet.unread_notifications));
  END IF;
END;
$$;
