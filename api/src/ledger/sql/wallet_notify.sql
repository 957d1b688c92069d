-- Live events: a wallet that changed is announced on channel wallet_events when its transaction
-- commits (NOTIFY is delivered only then, and the deferred triggers that call this read the
-- balance as committed), whoever changed it: a movement either way, a block, an unblock. Every
-- API instance listens and tells the owner's open streams. The payload is kept short, as NOTIFY
-- payloads travel to every listener: {"w": wallet, "u": owner, "t": transaction or null,
-- "b": balance in poisha as a string, "k": blocked}. The API reads it with walletNotificationSchema
-- (api/src/plugins/app/events.ts), and a test checks the two agree.
CREATE OR REPLACE FUNCTION wallet_notify(p_account uuid, p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wallet accounts;
BEGIN
  SELECT * INTO wallet FROM accounts WHERE id = p_account AND kind = 'WALLET';
  IF FOUND THEN
    PERFORM pg_notify('wallet_events', json_build_object(
      'w', wallet.id, 'u', wallet.user_id, 't', p_transaction, 'b', wallet.balance::text, 'k', wallet.is_blocked
    )::text);
  END IF;
END;
$$;
