-- Any other write of a balance is refused: an account opens empty, and its balance moves only
-- from inside ledger_entries_post (trigger depth 2), never from a statement of the application.
CREATE OR REPLACE FUNCTION accounts_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 OR NEW.entry_count <> 0 THEN
      RAISE EXCEPTION 'an account opens empty: money enters it only through ledger entries'
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
  ELSIF (NEW.balance, NEW.entry_count) IS DISTINCT FROM (OLD.balance, OLD.entry_count) AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a balance changes only by posting ledger entries'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER accounts_balance_guard_trg BEFORE INSERT OR UPDATE OF balance, entry_count ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_balance_guard();
