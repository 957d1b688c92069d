-- The two system accounts of the ledger: money from banks enters through BANK_SETTLEMENT,
-- registration bonuses are paid from BONUS_EXPENSE. Both may go negative; wallets may not.
INSERT INTO "accounts" ("kind", "code") VALUES ('SYSTEM', 'BANK_SETTLEMENT'), ('SYSTEM', 'BONUS_EXPENSE');
--> statement-breakpoint
-- Double entry, enforced by the database itself: at commit, the entries of every transaction
-- that was touched must sum to zero, whatever code wrote them.
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) <> 0 THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not sum to zero', NEW.transaction_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced_trg
  AFTER INSERT OR UPDATE ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced();
