-- A balance snapshot is what the entries say, whoever writes it: a midnight already past, after
-- the account's last snapshot, equal to that snapshot plus the entries between the two. Snapshots
-- and the days taken are never changed or removed (ledger_append_only).
CREATE OR REPLACE FUNCTION balance_snapshots_checked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
  expected bigint;
BEGIN
  IF NEW.as_of > clock_timestamp() THEN
    RAISE EXCEPTION 'snapshot of % at % is refused: that day has not ended', NEW.account_id, NEW.as_of
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  SELECT s.as_of, s.balance INTO last FROM balance_snapshots s
  WHERE s.account_id = NEW.account_id ORDER BY s.as_of DESC LIMIT 1;
  IF last.as_of IS NOT NULL AND last.as_of >= NEW.as_of THEN
    RAISE EXCEPTION 'snapshot of % at % is refused: it has one at %', NEW.account_id, NEW.as_of, last.as_of
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  SELECT coalesce(last.balance, 0) + coalesce(sum(e.amount), 0) INTO expected FROM ledger_entries e
  WHERE e.account_id = NEW.account_id AND e.created_at < NEW.as_of
    AND (last.as_of IS NULL OR e.created_at >= last.as_of);
  IF NEW.balance IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'snapshot of % at % is refused: its entries sum to %, not %', NEW.account_id, NEW.as_of, expected, NEW.balance
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER balance_snapshots_checked_trg BEFORE INSERT ON balance_snapshots
  FOR EACH ROW EXECUTE FUNCTION balance_snapshots_checked();
