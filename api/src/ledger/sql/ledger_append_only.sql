-- Entries and transactions are append-only: a posted movement is corrected by another movement.
-- So are the balance snapshots taken of them, and the days taken. An account is never deleted
-- (a wallet is blocked instead): entries name it, checked as they are posted (ledger_entries_post).
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% of % is refused: the ledger is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE OR REPLACE TRIGGER ledger_entries_append_only_trg BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER ledger_entries_no_truncate_trg BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER transactions_append_only_trg BEFORE UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER transactions_no_truncate_trg BEFORE TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER balance_snapshots_append_only_trg BEFORE UPDATE OR DELETE ON balance_snapshots
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER balance_snapshots_no_truncate_trg BEFORE TRUNCATE ON balance_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER balance_snapshot_days_append_only_trg BEFORE UPDATE OR DELETE ON balance_snapshot_days
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER balance_snapshot_days_no_truncate_trg BEFORE TRUNCATE ON balance_snapshot_days
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER accounts_kept_trg BEFORE DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER accounts_no_truncate_trg BEFORE TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
