-- The notices that follow a row's change, whoever writes it:
--  - a report decided (disputes.status leaves 'open'): the reporter is told the outcome, with the
--    transfer reported; a reversal's money is told by the posting itself (reversal_received);
--  - a PIN changed (users.pin_set_at moved: changed with the current PIN, or reset with a mailed
--    code; not the first PIN, and not a stored hash renewed under a new key, which keeps pin_set_at):
--    the person is told, so a change they did not make is seen at once.
CREATE OR REPLACE FUNCTION disputes_decided_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_person(NEW.reporter_id, 'dispute_outcome', NEW.status::text, NEW.transaction_id);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS disputes_decided_notify_trg ON disputes;
CREATE OR REPLACE TRIGGER disputes_decided_notify_trg AFTER UPDATE OF status ON disputes
  FOR EACH ROW WHEN (OLD.status = 'open' AND NEW.status <> 'open') EXECUTE FUNCTION disputes_decided_notify();

CREATE OR REPLACE FUNCTION users_pin_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_person(NEW.id, 'pin_changed');
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS users_pin_changed_notify_trg ON users;
CREATE OR REPLACE TRIGGER users_pin_changed_notify_trg AFTER UPDATE OF pin_set_at ON users
  FOR EACH ROW WHEN (OLD.pin_set_at IS NOT NULL AND NEW.pin_set_at IS NOT NULL AND OLD.pin_set_at IS DISTINCT FROM NEW.pin_set_at)
  EXECUTE FUNCTION users_pin_changed_notify();
