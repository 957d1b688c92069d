-- A movement's row, locked, and whether a reversal of it exists: what a reversal (ledger_reverse)
-- and a report (dispute_report) both read first. Both lock the original's row, so a reversal and a
-- report of one transfer queue there, one after the other: a report never opens on a transfer
-- reversed meanwhile, and a reversal closes any report that came first. Each caller then refuses
-- in its own precedence (the original missing, not a transfer, already reversed...); original is
-- null when there is no such movement.
CREATE OR REPLACE FUNCTION transfer_for_update(p_id uuid, OUT original transactions, OUT reversed boolean)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT * INTO original FROM transactions t WHERE t.id = p_id FOR UPDATE;
  reversed := FOUND AND EXISTS (SELECT 1 FROM transactions t WHERE t.reverses = p_id);
END;
$$;
