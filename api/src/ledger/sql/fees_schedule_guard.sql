-- The fee schedule cannot mint money, whoever writes it (fee_schedule_refusal): checked at
-- commit, once the transaction's rows are all written, so a change of both rows together is
-- judged whole. The API refuses such a schedule first, with the contracts' words (ledger/fees.ts).
CREATE OR REPLACE FUNCTION fees_schedule_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  refused text;
BEGIN
  SELECT fee_schedule_refusal(cash_in, cash_out) INTO refused
  FROM (SELECT 1) one
  LEFT JOIN fees cash_in ON cash_in.type = 'cash-in'
  LEFT JOIN fees cash_out ON cash_out.type = 'cash-out';
  IF refused IS NOT NULL THEN
    RAISE EXCEPTION 'the fee schedule could pay out more than it takes: %', refused USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS fees_schedule_guard_trg ON fees;
CREATE CONSTRAINT TRIGGER fees_schedule_guard_trg AFTER INSERT OR UPDATE ON fees
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fees_schedule_guard();
