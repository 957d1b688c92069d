-- Each wallet an entry moved is announced when the movement commits (wallet_notify).
CREATE OR REPLACE FUNCTION ledger_entries_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_notify(NEW.account_id, NEW.transaction_id);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS ledger_entries_notify_trg ON ledger_entries;
CREATE CONSTRAINT TRIGGER ledger_entries_notify_trg AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_notify();
