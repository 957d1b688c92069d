-- A wallet blocked or unblocked, or its bonus let out of its hold (accounts.held), is announced when
-- that commits (wallet_notify).
CREATE OR REPLACE FUNCTION accounts_blocked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_notify(NEW.id, NULL);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS accounts_blocked_notify_trg ON accounts;
CREATE CONSTRAINT TRIGGER accounts_blocked_notify_trg AFTER UPDATE OF is_blocked, held ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.is_blocked IS DISTINCT FROM NEW.is_blocked OR NEW.held < OLD.held) EXECUTE FUNCTION accounts_blocked_notify();
