-- Every transaction written is checked once, when its database transaction commits
-- (ledger_check_transaction): its entries, all written with it, balance; one with none is refused.
CREATE OR REPLACE FUNCTION transactions_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_transaction(NEW);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS transactions_checked_trg ON transactions;
CREATE CONSTRAINT TRIGGER transactions_checked_trg AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION transactions_checked();
