-- Posting an entry is the only way a wallet's balance changes: the entry moves its wallet here,
-- and an amount entry counts itself (the owner's history length, read in O(1) for "Page N of M";
-- a fee or a commission belongs to its movement's line). System accounts keep no running balance:
-- their balance is the sum of their entries.
CREATE OR REPLACE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts SET balance = balance + NEW.amount, entry_count = entry_count + (NEW.kind = 'amount')::integer
  WHERE id = NEW.account_id AND kind = 'WALLET';
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER ledger_entries_post_trg AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_post();
