-- A report of a transfer is its sender's, made within 7 × 24 hours of it (DISPUTE_WINDOW_HOURS),
-- and decided once: whatever code writes, the database refuses anything else. The API asks
-- through dispute_report and dispute_decide, which name a refusal instead of raising one.
-- A reversed report names the reversal that undid its transfer. Reports are never deleted.
CREATE OR REPLACE FUNCTION disputes_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original transactions;
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION '% of disputes is refused: a report is kept with its decision', TG_OP
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT * INTO original FROM transactions t WHERE t.id = NEW.transaction_id;
    IF original.type IS DISTINCT FROM 'transfer' OR original.sender_user_id IS DISTINCT FROM NEW.reporter_id
       OR NEW.reported_at >= original.created_at + interval '168 hours' OR NEW.status <> 'open' THEN
      RAISE EXCEPTION 'a report is of a transfer, by its sender, within 7 days of it, and starts open'
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.status <> 'open' OR NEW.transaction_id <> OLD.transaction_id OR NEW.reporter_id <> OLD.reporter_id
     OR NEW.reason <> OLD.reason OR NEW.reported_at <> OLD.reported_at THEN
    RAISE EXCEPTION 'a report is decided once, and what was reported is never changed'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status = 'reversed' AND NOT EXISTS (
    SELECT 1 FROM transactions r WHERE r.id = NEW.reversal_id AND r.reverses = NEW.transaction_id
  ) THEN
    RAISE EXCEPTION 'a reversed report names the reversal of its transfer' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER disputes_guard_trg BEFORE INSERT OR UPDATE OR DELETE ON disputes
  FOR EACH ROW EXECUTE FUNCTION disputes_guard();
CREATE OR REPLACE TRIGGER disputes_no_truncate_trg BEFORE TRUNCATE ON disputes
  FOR EACH STATEMENT EXECUTE FUNCTION disputes_guard();
