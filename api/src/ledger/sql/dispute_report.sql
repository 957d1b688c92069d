-- The sender of a transfer reports a problem with it, within 7 × 24 hours of it, once. The
-- original's row is locked first (transfer_for_update), as ledger_reverse locks it. A refusal is returned as its code (the API's DISPUTE_ERRORS),
-- with nothing written: TRANSACTION_NOT_FOUND (unknown, or not the caller's), NOT_SENDER,
-- NOT_DISPUTABLE, REPORT_TOO_LATE, ALREADY_REVERSED, ALREADY_REPORTED.
CREATE OR REPLACE FUNCTION dispute_report(
  p_transaction uuid, p_reporter uuid, p_reason text,
  OUT refusal text, OUT dispute_id uuid
) LANGUAGE plpgsql AS $$
DECLARE
  locked record;
  original transactions;
BEGIN
  locked := transfer_for_update(p_transaction);
  original := locked.original;
  IF original.id IS NULL OR p_reporter NOT IN (original.sender_user_id, original.receiver_user_id) THEN
    refusal := 'TRANSACTION_NOT_FOUND';
  ELSIF original.type <> 'transfer' THEN
    refusal := 'NOT_DISPUTABLE';
  ELSIF original.sender_user_id <> p_reporter THEN
    refusal := 'NOT_SENDER';
  ELSIF clock_timestamp() >= original.created_at + interval '168 hours' THEN
    refusal := 'REPORT_TOO_LATE';
  ELSIF locked.reversed THEN
    refusal := 'ALREADY_REVERSED';
  END IF;
  IF refusal IS NOT NULL THEN RETURN; END IF;
  INSERT INTO disputes (transaction_id, reporter_id, reason)
  VALUES (p_transaction, p_reporter, p_reason)
  ON CONFLICT (transaction_id) DO NOTHING
  RETURNING disputes.id INTO dispute_id;
  IF dispute_id IS NULL THEN
    refusal := 'ALREADY_REPORTED';
  END IF;
END;
$$;
