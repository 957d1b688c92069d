-- What leaves after a notification's transaction commits (notification_outbox): a row per browser
-- the person subscribed (push), and one for a mailed receipt, each as the person chose for the kind
-- (notification_preferences; none: pushed, not mailed). The rule is this one function, and both
-- writers of notifications queue its rows: the posting trigger (ledger_entries_post, src/ledger/sql)
-- for the owners whose wallet says anything may leave for them (accounts.outbox_wanted, below), and
-- notify_person for anyone. A plain SQL function, stable, so the planner inlines it where it is
-- called. Nothing is sent here: the outbox worker (src/notifications/outbox.ts) sends after the
-- commit, so a slow push service never holds money.
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

-- Whether anything may leave for a person at all: a browser subscribed, or a kind mailed. The
-- posting reads it from the wallet row it updates anyway (accounts.outbox_wanted), so a movement
-- between people who chose neither never touches the outbox, the subscriptions or the choices: no
-- lock, no probe. A superset of notification_channels' rule, which decides per kind.
CREATE OR REPLACE FUNCTION outbox_wanted_for(p_user uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p_user)
      OR EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = p_user AND p.mail)
$$;

-- Kept as subscriptions and choices change, on the person's wallet (staff have none:
-- notify_person asks notification_channels for everyone). Rare writes, one row each.
CREATE OR REPLACE FUNCTION outbox_wanted_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET outbox_wanted = NOT a.outbox_wanted
  WHERE a.kind = 'WALLET' AND a.user_id IN (OLD.user_id, NEW.user_id)
    AND a.outbox_wanted IS DISTINCT FROM outbox_wanted_for(a.user_id);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER push_subscriptions_outbox_wanted_trg AFTER INSERT OR DELETE OR UPDATE OF user_id ON push_subscriptions
  FOR EACH ROW EXECUTE FUNCTION outbox_wanted_keep();
CREATE OR REPLACE TRIGGER notification_preferences_outbox_wanted_trg AFTER INSERT OR DELETE OR UPDATE ON notification_preferences
  FOR EACH ROW EXECUTE FUNCTION outbox_wanted_keep();

-- Applied again whenever this file changes: the flags follow the rule as it now reads.
UPDATE accounts a SET outbox_wanted = NOT a.outbox_wanted
WHERE a.kind = 'WALLET' AND a.outbox_wanted IS DISTINCT FROM outbox_wanted_for(a.user_id);
