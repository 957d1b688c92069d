-- Marks the person's unread notifications read: those of `p_ids` that are theirs, or every one
-- when `p_ids` is null. The counter falls by exactly the rows this marked (a row already read, or
-- another person's, is not counted), in the same transaction, so it never drifts from the rows and
-- its CHECK (>= 0) holds; the wallet's live event carries the new count to the person's other tabs.
-- The counter's row (the wallet, or a staff member's own) is locked first, before any notification,
-- as the posting trigger and notifications_prune take them.
CREATE OR REPLACE FUNCTION notifications_mark_read(p_user uuid, p_ids uuid[], OUT marked integer, OUT unread integer)
LANGUAGE plpgsql AS $$
DECLARE
  wallet uuid;
BEGIN
  SELECT a.id INTO wallet FROM accounts a WHERE a.user_id = p_user AND a.kind = 'WALLET' FOR NO KEY UPDATE;
  WITH read AS (
    UPDATE notifications n SET read_at = clock_timestamp()
    WHERE n.user_id = p_user AND n.read_at IS NULL AND (p_ids IS NULL OR n.id = ANY (p_ids))
    RETURNING 1)
  SELECT count(*)::integer INTO marked FROM read;
  IF wallet IS NULL THEN
    UPDATE users u SET unread_notifications = u.unread_notifications - marked WHERE u.id = p_user
    RETURNING u.unread_notifications INTO unread;
  ELSE
    UPDATE accounts a SET unread_notifications = a.unread_notifications - marked WHERE a.id = wallet
    RETURNING a.unread_notifications INTO unread;
    IF marked > 0 THEN
      PERFORM wallet_notify(wallet, NULL);
    END IF;
  END IF;
END;
$$;

-- Deletes notifications created before `p_before`, for at most `p_people` people a call (the
-- maintenance job's, daily), taking each one's unread ones off their counter in the same
-- transaction. Wallets are locked in id order, as every posting locks them.
CREATE OR REPLACE FUNCTION notifications_prune(p_before timestamptz, p_people integer, OUT people integer, OUT deleted integer)
LANGUAGE plpgsql AS $$
DECLARE
  inbox record;
  gone integer;
  gone_unread integer;
BEGIN
  people := 0;
  deleted := 0;
  FOR inbox IN
    SELECT s.user_id, a.id AS wallet
    FROM (SELECT DISTINCT n.user_id FROM notifications n WHERE n.created_at < p_before LIMIT p_people) s
    LEFT JOIN accounts a ON a.user_id = s.user_id AND a.kind = 'WALLET'
    ORDER BY a.id NULLS LAST
  LOOP
    IF inbox.wallet IS NOT NULL THEN
      PERFORM 1 FROM accounts a WHERE a.id = inbox.wallet FOR NO KEY UPDATE;
    END IF;
    WITH removed AS (
      DELETE FROM notifications n WHERE n.user_id = inbox.user_id AND n.created_at < p_before
      RETURNING n.read_at IS NULL AS unread)
    SELECT count(*)::integer, (count(*) FILTER (WHERE unread))::integer INTO gone, gone_unread FROM removed;
    IF gone_unread > 0 THEN
      IF inbox.wallet IS NULL THEN
        UPDATE users u SET unread_notifications = u.unread_notifications - gone_unread WHERE u.id = inbox.user_id;
      ELSE
        UPDATE accounts a SET unread_notifications = a.unread_notifications - gone_unread WHERE a.id = inbox.wallet;
      END IF;
    END IF;
    people := people + 1;
    deleted := deleted + gone;
  END LOOP;
END;
$$;
