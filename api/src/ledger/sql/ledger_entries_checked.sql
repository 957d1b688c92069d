-- Every entry written has its transaction checked at commit (ledger_check_transaction).
CREATE OR REPLACE FUNCTION ledger_entries_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_transaction(NEW.transaction_id);
  RETURN NULL;
END;
$$;

-- A constraint trigger cannot be replaced in place: it is dropped and created in one transaction.
DROP TRIGGER IF EXISTS ledger_entries_checked_trg ON ledger_entries;
CREATE CONSTRAINT TRIGGER ledger_entries_checked_trg AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_checked();
