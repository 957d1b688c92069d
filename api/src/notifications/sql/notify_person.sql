-- A notice that is not a movement's (a PIN changed, a sign-in from a new device, a report
-- decided, a request), written in the transaction of its event: the row, what leaves of it by the
-- outbox (notification_channels), the person's unread counter (on their wallet, or on their own
-- row when they have none: staff), and the wallet's live event, which carries the new count to the
-- bell. notifications.user_id is not a declared foreign key (a check would lock the person's row
-- in every movement); a person with neither a wallet nor a row is refused here. Locks the person's
-- wallet row after whatever the caller holds: every caller holds the person's row or none of their
-- wallets (users, then accounts, as every writer takes them).
CREATE OR REPLACE FUNCTION notify_person(
  p_user uuid, p_kind notification_kind, p_detail text DEFAULT NULL, p_transaction uuid DEFAULT NULL,
  p_request uuid DEFAULT NULL, p_amount bigint DEFAULT NULL
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  written uuid;
  wallet uuid;
BEGIN
  INSERT INTO notifications (user_id, kind, detail, transaction_id, request_id, amount)
  VALUES (p_user, p_kind, p_detail, p_transaction, p_request, p_amount)
  RETURNING id INTO written;
  INSERT INTO notification_outbox (notification_id, channel, subscription_id)
  SELECT written, c.channel, c.subscription_id FROM notification_channels(p_user, p_kind) c;
  UPDATE accounts SET unread_notifications = unread_notifications + 1
  WHERE user_id = p_user AND kind = 'WALLET'
  RETURNING id INTO wallet;
  IF wallet IS NULL THEN
    UPDATE users SET unread_notifications = unread_notifications + 1 WHERE id = p_user;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'a notice for %: there is no such person', p_user USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSE
    PERFORM wallet_notify(wallet, p_transaction);
  END IF;
  RETURN written;
END;
$$;
