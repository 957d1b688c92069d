-- An admin decides an open report, with a reason: 'reverse' reverses the transfer through
-- ledger_reverse (which closes the report as reversed, naming the reversal, and audits it);
-- 'reject' closes it as rejected and audits dispute_reject. Either way in one database
-- transaction, and the sender's wallet is announced (wallet_notify) so their history shows the
-- outcome live. The transfer's row is locked before the report's, in the order ledger_reverse
-- and dispute_report lock them, so two admins deciding, or one reversing the transfer directly,
-- queue instead of deadlocking; the second is told DISPUTE_DECIDED. A refusal is returned as its
-- code (DISPUTE_ERRORS, or a reversal's own, REVERSAL_ERRORS), with nothing written.
CREATE OR REPLACE FUNCTION dispute_decide(
  p_dispute uuid, p_admin uuid, p_decision text, p_reason text,
  OUT refusal text, OUT reversal_id uuid
) LANGUAGE plpgsql AS $$
DECLARE
  report disputes;
  reporter_wallet uuid;
BEGIN
  PERFORM 1 FROM transactions t WHERE t.id = (SELECT d.transaction_id FROM disputes d WHERE d.id = p_dispute)
    FOR UPDATE;
  SELECT * INTO report FROM disputes d WHERE d.id = p_dispute FOR UPDATE;
  IF NOT FOUND THEN
    refusal := 'DISPUTE_NOT_FOUND';
    RETURN;
  END IF;
  IF report.status <> 'open' THEN
    refusal := 'DISPUTE_DECIDED';
    RETURN;
  END IF;
  IF p_decision = 'reverse' THEN
    SELECT r.refusal, r.transaction_id INTO refusal, reversal_id
    FROM ledger_reverse(report.transaction_id, p_admin, p_reason) r;
    RETURN;
  END IF;
  UPDATE disputes SET status = 'rejected', decision = p_reason, decided_by = p_admin, decided_at = clock_timestamp()
  WHERE id = p_dispute;
  INSERT INTO audit_log (action, admin_id, target_user_id, reason, transaction_id)
  VALUES ('dispute_reject', p_admin, report.reporter_id, p_reason, report.transaction_id);
  SELECT a.id INTO reporter_wallet FROM accounts a WHERE a.kind = 'WALLET' AND a.user_id = report.reporter_id;
  PERFORM wallet_notify(reporter_wallet, report.transaction_id);
END;
$$;
