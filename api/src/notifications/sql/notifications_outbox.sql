-- What leaves after a notification's transaction commits (notification_outbox), written in that
-- transaction, once per INSERT of notifications however many: a row per browser the person
-- subscribed (push), and one for a mailed receipt, each as the person chose for the kind
-- (notification_preferences; none: pushed, not mailed). Nothing is sent here: the outbox worker
-- (src/notifications/outbox.ts) sends after the commit, so a slow push service never holds money.
-- A person with no subscription and no mailed kind costs two index probes.
CREATE OR REPLACE FUNCTION notifications_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_outbox (notification_id, channel, subscription_id)
  SELECT n.id, 'push'::outbox_channel, s.id
  FROM told n
  JOIN push_subscriptions s ON s.user_id = n.user_id
  LEFT JOIN notification_preferences p ON p.user_id = n.user_id AND p.kind = n.kind
  WHERE coalesce(p.push, true)
  UNION ALL
  SELECT n.id, 'mail'::outbox_channel, NULL::uuid
  FROM told n
  JOIN notification_preferences p ON p.user_id = n.user_id AND p.kind = n.kind
  WHERE p.mail;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS notifications_outbox_trg ON notifications;
CREATE OR REPLACE TRIGGER notifications_outbox_trg AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS told FOR EACH STATEMENT EXECUTE FUNCTION notifications_outbox();
