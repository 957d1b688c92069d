-- Posting entries is the only way a wallet's balance changes. Once per INSERT of entries (a
-- statement-level trigger over the rows it inserted, however many):
--  1. Each entry's transaction and account exist (checked here, once, rather than declared as
--     foreign keys checked per row; neither is ever deleted: ledger_append_only), and entries join
--     only a transaction written in the same database transaction, so that the check of each
--     transaction at its commit (transactions_checked, ledger_check_transaction) sees every entry
--     it will ever have: an entry for a committed transaction is refused. A transaction row is
--     this database transaction's own when it is visible and its writer is still in progress (its
--     xmin, made a full transaction id in the current epoch: an own subtransaction's too).
--  2. Each wallet moves once, by the sum of its entries, and counts its amount entries (the
--     owner's history length, read in O(1) for "Page N of M"; a fee or a commission belongs to its
--     movement's line). System accounts keep no running balance: their balance is the sum of their
--     entries. All but COMMISSION_FLOAT, which moves here too (its CHECK keeps it at zero or
--     more), and is announced to nobody.
--  3. Each wallet moved is announced once (wallet_event, on channel wallet_events), with the
--     balance it now has, the transaction of its last entry and its owner's unread notifications;
--     NOTIFY delivers at commit only.
--  4. Each wallet moved writes its owner a notification per transaction it took part in, named by
--     the transaction's type and the wallet's side (notification_kind, src/notifications/sql), and
--     its unread counter rises by as many, in the same UPDATE as its balance: the same row, already
--     locked, so telling people adds no lock. A refused movement rolls back, and its notices with it.
--  5. What an owner chose to be sent of each notice (a push to each browser, a mailed receipt:
--     notification_channels) is queued for the outbox, only for owners whose wallet says they chose
--     anything (accounts.outbox_wanted, read from the same UPDATE).
-- Its statements join a handful of rows (the entries just inserted) to their accounts and
-- transactions by primary key, and a sequential scan is never the right plan for them. Yet the
-- planner picks one when a table looks small or its statistics are stale (a fresh database just
-- after people joined: accounts analysed when it held only the system accounts), and a trigger's
-- plans are kept for its connection's life: a scan of every wallet's row versions inside every
-- movement, where the hot agent's row lock waits on it (a cash-out's posting took 1.1 ms for
-- 0.11 ms). So the function plans with sequential scans off, set for its own calls alone.
-- The per-entry triggers this replaces (a commit check per entry, an update and a notification
-- per entry) are dropped here, in the transaction that creates it.
DROP TRIGGER IF EXISTS ledger_entries_checked_trg ON ledger_entries;
DROP FUNCTION IF EXISTS ledger_entries_checked();
DROP TRIGGER IF EXISTS ledger_entries_notify_trg ON ledger_entries;
DROP FUNCTION IF EXISTS ledger_entries_notify();

CREATE OR REPLACE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off AS $$
DECLARE
  refused text;
  announced bigint;
  leaving uuid[];
BEGIN
  SELECT CASE
      WHEN t.id IS NULL THEN format('entries of transaction %s are refused: there is no such transaction', e.transaction_id)
      WHEN a.id IS NULL THEN format('entries of transaction %s are refused: there is no account %s', e.transaction_id, e.account_id)
      ELSE format('entries of transaction %s are refused: a transaction takes entries only as it is written', e.transaction_id)
    END INTO refused
  FROM (SELECT DISTINCT transaction_id, account_id FROM posted) e
  LEFT JOIN transactions t ON t.id = e.transaction_id
  LEFT JOIN accounts a ON a.id = e.account_id
  WHERE t.id IS NULL OR a.id IS NULL
     OR pg_xact_status(((pg_current_xact_id()::text::bigint >> 32 << 32) + t.xmin::text::bigint)::text::xid8)
        IS DISTINCT FROM 'in progress'
  LIMIT 1;
  IF refused IS NOT NULL THEN
    RAISE EXCEPTION '%', refused USING ERRCODE = 'foreign_key_violation';
  END IF;
  -- What each wallet did in each transaction (sides: its entries summed, and the sign of its
  -- amount entries: in or out), then in all (per_account), read once for the balance, the counter
  -- and the notices alike.
  WITH sides AS (
    SELECT p.account_id, p.transaction_id, sum(p.amount) AS amount,
           count(*) FILTER (WHERE p.kind = 'amount') AS amount_entries,
           coalesce(sum(p.amount) FILTER (WHERE p.kind = 'amount'), 0) AS amount_net, max(p.id) AS last_entry
    FROM posted p GROUP BY p.account_id, p.transaction_id),
  per_account AS (
    SELECT s.account_id, sum(s.amount) AS amount, sum(s.amount_entries)::bigint AS amount_entries,
           count(*) FILTER (WHERE s.amount_net <> 0)::integer AS told,
           (array_agg(s.transaction_id ORDER BY s.last_entry DESC))[1] AS last_transaction
    FROM sides s GROUP BY s.account_id),
  moved AS (
    UPDATE accounts a
    SET balance = a.balance + e.amount, entry_count = a.entry_count + e.amount_entries,
        unread_notifications = a.unread_notifications + CASE WHEN a.kind = 'WALLET' THEN e.told ELSE 0 END
    FROM per_account e
    WHERE a.id = e.account_id AND (a.kind = 'WALLET' OR a.code = 'COMMISSION_FLOAT')
    RETURNING a.id, a.kind, a.user_id, a.balance, a.held, a.is_blocked, a.unread_notifications, a.outbox_wanted,
              e.last_transaction),
  -- 4. Each wallet moved tells its owner, one notification per transaction (notification_kind).
  told AS (
    INSERT INTO notifications (user_id, kind, transaction_id, amount, created_at)
    SELECT m.user_id, notification_kind(t.type, s.amount_net > 0), t.id, t.amount, t.created_at
    FROM sides s
    JOIN moved m ON m.id = s.account_id AND m.kind = 'WALLET'
    JOIN transactions t ON t.id = s.transaction_id
    WHERE s.amount_net <> 0
    RETURNING id, user_id)
  SELECT count(pg_notify('wallet_events',
      wallet_event(m.id, m.user_id, m.last_transaction, m.balance, m.held, m.is_blocked, m.unread_notifications))),
    (SELECT array_agg(n.id) FROM told n JOIN moved o ON o.user_id = n.user_id AND o.outbox_wanted)
  INTO announced, leaving FROM moved m WHERE m.kind = 'WALLET';
  -- 5. What the owners who chose anything (outbox_wanted: a browser subscribed, a kind mailed)
  -- want sent of their notices leaves by the outbox after commit (notification_channels,
  -- src/notifications/sql), queued here; a movement between people who chose nothing skips it.
  IF leaving IS NOT NULL THEN
    INSERT INTO notification_outbox (notification_id, channel, subscription_id)
    SELECT n.id, c.channel, c.subscription_id
    FROM notifications n CROSS JOIN LATERAL notification_channels(n.user_id, n.kind) c
    WHERE n.id = ANY (leaving);
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS ledger_entries_post_trg ON ledger_entries;
CREATE OR REPLACE TRIGGER ledger_entries_post_trg AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS posted FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_post();
