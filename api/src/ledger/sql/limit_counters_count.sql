-- Limits read counters, not history: every movement written counts itself, whatever code writes
-- it, in its parties' rows of limit_counters (the sender's 'sent', the receiver's 'received', where
-- limits can bound that side: limit_counted; the bank is no party), for its Asia/Dhaka day and month, taken from the time
-- zone database at the movement's own instant (created_at, the instant its limits were checked
-- at: ledger_post). One statement for both parties and both periods, rows written in key order,
-- each an upsert. A reversal counts nothing (limit_counted): a reversed transfer stays counted, as
-- it was when limits read history (docs/decisions/ledger.md). A movement refused, replayed or rolled back is
-- never inserted, or its counting is rolled back with it. Migration 0029 created the table and
-- filled the month it was applied in, under the lock this trigger's creation took.
CREATE OR REPLACE FUNCTION limit_counters_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  local_at timestamp := NEW.created_at AT TIME ZONE 'Asia/Dhaka';
BEGIN
  INSERT INTO limit_counters AS c (user_id, type, side, period, starts, amount, movements)
  SELECT party.id, NEW.type, party.side, period.name, period.starts, NEW.amount, 1
  FROM (VALUES (NEW.sender_user_id, 'sent'), (NEW.receiver_user_id, 'received')) AS party(id, side),
       (VALUES ('day', local_at::date), ('month', date_trunc('month', local_at)::date)) AS period(name, starts)
  WHERE party.id IS NOT NULL AND limit_counted(NEW.type, party.side)
  ORDER BY party.id, party.side, period.name
  ON CONFLICT (user_id, type, side, period, starts) DO UPDATE
    SET amount = c.amount + excluded.amount, movements = c.movements + 1;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER limit_counters_count_trg AFTER INSERT ON transactions
  FOR EACH ROW EXECUTE FUNCTION limit_counters_count();

-- The counters change only from inside limit_counters_count (trigger depth 2), never from a
-- statement of the application, as a balance changes only through entries: a counter lowered by
-- hand would lift a person's limits. A loader that switches triggers off rebuilds them from the
-- movements (limit_counters_from_history), as it does balances. Per statement, not per row: the
-- count's one upsert pays one call.
CREATE OR REPLACE FUNCTION limit_counters_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'limit counters change only as movements are written'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER limit_counters_guard_trg BEFORE INSERT OR UPDATE OR DELETE ON limit_counters
  FOR EACH STATEMENT EXECUTE FUNCTION limit_counters_guard();
CREATE OR REPLACE TRIGGER limit_counters_no_truncate_trg BEFORE TRUNCATE ON limit_counters
  FOR EACH STATEMENT EXECUTE FUNCTION limit_counters_guard();
