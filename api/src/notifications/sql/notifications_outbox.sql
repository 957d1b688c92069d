-- What leaves after a notification's transaction commits (notification_outbox): a row per browser
-- the person subscribed (push), and one for a mailed receipt, each as the person chose for the kind
-- (notification_preferences; none: pushed, not mailed). The rule is this one function, and both
-- writers of notifications queue its rows in the statement that writes them: the posting trigger
-- (ledger_entries_post, src/ledger/sql) and notify_person. A plain SQL function, stable, so the
-- planner inlines it into their statements: no trigger, and for a person with no subscription and
-- no mailed kind, two index probes. Nothing is sent here: the outbox worker
-- (src/notifications/outbox.ts) sends after the commit, so a slow push service never holds money.
DROP TRIGGER IF EXISTS notifications_outbox_trg ON notifications;
DROP FUNCTION IF EXISTS notifications_outbox();

CREATE OR REPLACE FUNCTION notification_channels(p_user uuid, p_kind notification_kind)
RETURNS TABLE (channel outbox_channel, subscription_id uuid) LANGUAGE sql STABLE AS $$
  SELECT 'push'::outbox_channel, s.id
  FROM push_subscriptions s
  LEFT JOIN notification_preferences p ON p.user_id = p_user AND p.kind = p_kind
  WHERE s.user_id = p_user AND coalesce(p.push, true)
  UNION ALL
  SELECT 'mail'::outbox_channel, NULL::uuid
  FROM notification_preferences p
  WHERE p.user_id = p_user AND p.kind = p_kind AND p.mail
$$;
