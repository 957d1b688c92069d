-- A transaction written with no entries at all is refused at commit (ledger_check_transaction).
CREATE OR REPLACE FUNCTION transactions_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_transaction(NEW.id);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS transactions_checked_trg ON transactions;
CREATE CONSTRAINT TRIGGER transactions_checked_trg AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION transactions_checked();
