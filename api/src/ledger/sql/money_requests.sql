-- Request money (issue 46): a user asks another for an amount. A request never moves money: the
-- payer pays it with a transfer that names it (ledger_move, under the request's row lock) or
-- declines it. Each step here is one function, one database transaction, with its notice
-- (notify_person, src/notifications/sql), and returns a refusal code (MONEY_REQUEST_ERRORS) with
-- nothing written, or what it wrote.
--
-- Asking: of a person chosen (p_payer) or of whoever has an email (p_payer_email). The rules are
-- data (request_rules): the amount's range, and how many a person may ask in an Asia/Dhaka day,
-- counted under the requester's row lock, so requests sent at once are counted one after the
-- other. A request by email that is no verified user's, or of a payer who blocked the requester,
-- reaches nobody and simply expires: the requester's answer is the same either way.
CREATE OR REPLACE FUNCTION money_request_create(
  p_requester uuid, p_payer uuid, p_payer_email text, p_amount bigint, p_note text,
  OUT refusal text, OUT refusal_params jsonb, OUT request_id uuid
) LANGUAGE plpgsql AS $$
DECLARE
  requester users;
  payer users;
  rules request_rules;
  asked_today integer;
  reaches boolean;
BEGIN
  SELECT * INTO requester FROM users WHERE id = p_requester FOR NO KEY UPDATE;
  IF requester.role <> 'USER' THEN refusal := 'ROLE_NOT_ALLOWED'; RETURN; END IF;
  IF requester.email_verified_at IS NULL THEN refusal := 'REQUESTER_UNVERIFIED'; RETURN; END IF;
  SELECT * INTO rules FROM request_rules WHERE id = 1;
  IF p_amount < rules.min_amount OR p_amount > rules.max_amount THEN
    refusal := 'REQUEST_AMOUNT_OUT_OF_RANGE';
    refusal_params := jsonb_build_object('min', rules.min_amount, 'max', rules.max_amount);
    RETURN;
  END IF;
  IF p_payer IS NOT NULL THEN
    SELECT * INTO payer FROM users WHERE id = p_payer;
    IF payer.id IS NULL THEN refusal := 'PAYER_NOT_FOUND'; RETURN; END IF;
    IF payer.id = requester.id THEN refusal := 'REQUEST_SELF'; RETURN; END IF;
    IF payer.role <> 'USER' THEN refusal := 'REQUEST_PAYER_NOT_USER'; RETURN; END IF;
    IF payer.email_verified_at IS NULL THEN refusal := 'PAYER_UNVERIFIED'; RETURN; END IF;
  ELSE
    IF lower(p_payer_email) = requester.email THEN refusal := 'REQUEST_SELF'; RETURN; END IF;
    SELECT * INTO payer FROM users
    WHERE email = lower(p_payer_email) AND role = 'USER' AND email_verified_at IS NOT NULL AND closed_at IS NULL;
  END IF;
  SELECT count(*)::integer INTO asked_today FROM money_requests
  WHERE requester_id = requester.id
    AND created_at >= date_trunc('day', clock_timestamp() AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka';
  IF asked_today >= rules.per_day THEN
    refusal := 'REQUEST_DAILY_LIMIT';
    refusal_params := jsonb_build_object('perDay', rules.per_day);
    RETURN;
  END IF;
  reaches := payer.id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM request_blocks b WHERE b.payer_id = payer.id AND b.requester_id = requester.id);
  INSERT INTO money_requests (requester_id, payer_id, by_email, delivered, payer_label, amount, note, expires_at)
  VALUES (requester.id, payer.id, p_payer IS NULL, reaches, CASE WHEN p_payer IS NULL THEN lower(p_payer_email) ELSE payer.name END,
          p_amount, p_note, clock_timestamp() + make_interval(days => rules.expiry_days))
  RETURNING id INTO request_id;
  IF reaches THEN
    PERFORM notify_person(payer.id, 'request_received', NULL, NULL, request_id, p_amount);
  END IF;
END;
$$;

-- The payer declines an open request delivered to them, and may block its requester from asking
-- again (their later requests reach nobody). The requester is told.
CREATE OR REPLACE FUNCTION money_request_decline(p_request uuid, p_payer uuid, p_block boolean, OUT refusal text)
LANGUAGE plpgsql AS $$
DECLARE
  asked money_requests;
BEGIN
  SELECT * INTO asked FROM money_requests WHERE id = p_request AND payer_id = p_payer AND delivered FOR NO KEY UPDATE;
  IF asked.id IS NULL THEN refusal := 'REQUEST_NOT_FOUND'; RETURN; END IF;
  IF asked.status <> 'open' OR asked.expires_at <= clock_timestamp() THEN refusal := 'REQUEST_NOT_OPEN'; RETURN; END IF;
  UPDATE money_requests SET status = 'declined', closed_at = clock_timestamp() WHERE id = asked.id;
  IF p_block THEN
    INSERT INTO request_blocks (payer_id, requester_id) VALUES (p_payer, asked.requester_id) ON CONFLICT DO NOTHING;
  END IF;
  PERFORM notify_person(asked.requester_id, 'request_declined', NULL, NULL, asked.id, asked.amount);
END;
$$;

-- The requester cancels an open request of theirs; it leaves the payer's open requests.
CREATE OR REPLACE FUNCTION money_request_cancel(p_request uuid, p_requester uuid, OUT refusal text)
LANGUAGE plpgsql AS $$
DECLARE
  asked money_requests;
BEGIN
  SELECT * INTO asked FROM money_requests WHERE id = p_request AND requester_id = p_requester FOR NO KEY UPDATE;
  IF asked.id IS NULL THEN refusal := 'REQUEST_NOT_FOUND'; RETURN; END IF;
  IF asked.status <> 'open' OR asked.expires_at <= clock_timestamp() THEN refusal := 'REQUEST_NOT_OPEN'; RETURN; END IF;
  UPDATE money_requests SET status = 'cancelled', closed_at = clock_timestamp() WHERE id = asked.id;
END;
$$;
