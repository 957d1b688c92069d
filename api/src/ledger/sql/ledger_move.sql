-- One money movement, posted at most once per Idempotency-Key, in one statement and so one
-- round trip and one database transaction: the caller's session and role, the key, the
-- parties' rules, the posting (ledger_post) and the outcome stored with the key.
--
-- It returns a typed row (movement_outcome): 'posted', 'replayed' (the outcome stored with the
-- key, as it was first answered) or 'refused' with a code of the API's refusal table
-- (shared/src/contracts/refusals.ts, which also gives each code's HTTP status, message and
-- precedence). The checks below run in that precedence. p_expected_fee, when given, is the fee
-- (poisha) the caller confirmed: another fee now is refused (FEE_CHANGED), nothing moved. A refusal is returned, not raised, so
-- what the request did before it (the session's last use) stays; the one refusal that must undo
-- a posting is raised (SQLSTATE WL000, the code as message). The API builds the reply.
-- p_trace_id, when traces are on, is the request's trace: an audit row written here (a PIN
-- locked) carries it, as the rows the API writes do (wallet.trace_id, audit_log's default).
CREATE OR REPLACE FUNCTION ledger_move(
  p_type transaction_type, p_role role, p_session_hash text, p_idle_seconds integer,
  p_counterpart uuid, p_amount bigint, p_key text, p_request_hash text,
  p_pin jsonb, p_pin_key text, p_expected_fee bigint, p_trace_id text DEFAULT NULL
) RETURNS movement_outcome LANGUAGE plpgsql AS $$
DECLARE
  caller_id uuid;
  caller users;
  other users;
  sender users;
  receiver users;
  stored idempotency_keys;
  pin record;
  from_account uuid;
  to_account uuid;
  posted record;
  result movement_outcome;
BEGIN
  -- Resolved once, before the lookup: a volatile function in the WHERE would run for every row.
  caller_id := session_person(p_session_hash, p_idle_seconds, true);
  IF caller_id IS NULL THEN RETURN movement_refused('NOT_SIGNED_IN'); END IF;
  SELECT * INTO caller FROM users WHERE id = caller_id;
  IF caller.role <> p_role THEN RETURN movement_refused('ROLE_NOT_ALLOWED'); END IF;

  -- Money leaving a wallet needs its PIN (p_pin: its keyed hashes by key id, p_pin_key the
  -- current key's id), checked before the key, so a replay with a wrong PIN never gets the stored
  -- success. A wrong one stays counted: refusals are returned, not raised.
  IF p_type <> 'deposit' THEN
    IF p_trace_id IS NOT NULL THEN
      PERFORM set_config('wallet.trace_id', p_trace_id, true);
    END IF;
    pin := pin_verify(caller, p_pin, p_pin_key);
    IF pin.refusal IS NOT NULL THEN RETURN movement_refused(pin.refusal, pin.refusal_params); END IF;
  END IF;

  IF p_key IS NOT NULL THEN
    -- A duplicate of a request still running is told so at once, never run twice.
    IF NOT pg_try_advisory_xact_lock(hashtextextended(caller.id::text || '/' || p_key, 7301001)) THEN
      RETURN movement_refused('KEY_IN_PROGRESS');
    END IF;
    SELECT * INTO stored FROM idempotency_keys k
    WHERE k.user_id = caller.id AND k.key = p_key AND k.created_at >= clock_timestamp() - idempotency_key_retention();
    IF FOUND THEN
      IF stored.request_hash <> p_request_hash THEN RETURN movement_refused('KEY_REUSED'); END IF;
      result := stored.outcome;
      result.outcome := 'replayed';
      RETURN result;
    END IF;
  END IF;

  CASE p_type
  WHEN 'deposit' THEN
    receiver := caller;
  WHEN 'transfer' THEN
    IF caller.email_verified_at IS NULL THEN RETURN movement_refused('SENDER_UNVERIFIED'); END IF;
    IF p_counterpart = caller.id THEN RETURN movement_refused('SELF_TRANSFER'); END IF;
    SELECT * INTO other FROM users WHERE id = p_counterpart;
    IF NOT FOUND THEN RETURN movement_refused('RECEIVER_NOT_FOUND'); END IF;
    IF other.role <> 'USER' THEN RETURN movement_refused('RECEIVER_NOT_USER'); END IF;
    IF other.email_verified_at IS NULL THEN RETURN movement_refused('RECEIVER_UNVERIFIED'); END IF;
    sender := caller;
    receiver := other;
  WHEN 'cash-out' THEN
    IF caller.email_verified_at IS NULL THEN RETURN movement_refused('SENDER_UNVERIFIED'); END IF;
    SELECT * INTO other FROM users WHERE id = p_counterpart;
    IF NOT FOUND THEN RETURN movement_refused('AGENT_NOT_FOUND'); END IF;
    IF other.role <> 'AGENT' THEN RETURN movement_refused('RECEIVER_NOT_AGENT'); END IF;
    IF NOT other.is_active THEN RETURN movement_refused('AGENT_SUSPENDED'); END IF;
    sender := caller;
    receiver := other;
  WHEN 'cash-in' THEN
    IF NOT caller.is_active THEN RETURN movement_refused('AGENT_SUSPENDED'); END IF;
    SELECT * INTO other FROM users WHERE id = p_counterpart;
    IF NOT FOUND THEN RETURN movement_refused('USER_NOT_FOUND'); END IF;
    IF other.role <> 'USER' THEN RETURN movement_refused('CASH_IN_NOT_USER'); END IF;
    IF other.email_verified_at IS NULL THEN RETURN movement_refused('RECEIVER_UNVERIFIED'); END IF;
    sender := caller;
    receiver := other;
  END CASE;

  IF sender.id IS NULL THEN
    SELECT id INTO from_account FROM accounts WHERE code = 'BANK_SETTLEMENT';
  ELSE
    SELECT id INTO from_account FROM accounts WHERE user_id = sender.id;
  END IF;
  SELECT id INTO to_account FROM accounts WHERE user_id = receiver.id;
  IF from_account IS NULL OR to_account IS NULL THEN RETURN movement_refused('WALLET_NOT_FOUND'); END IF;

  -- The parties' limits are checked by the posting, under the wallets' locks.
  -- Called as an expression, not a FROM: no function scan and tuple store for its one row.
  posted := ledger_post(
    p_type, p_amount, from_account, to_account, sender.id, receiver.id,
    CASE WHEN sender.id IS NOT NULL THEN limit_holder(sender.role, sender.email_verified_at, sender.kyc_approved_at) END,
    limit_holder(receiver.role, receiver.email_verified_at, receiver.kyc_approved_at),
    p_expected_fee);
  IF posted.refusal IS NOT NULL THEN RETURN movement_refused(posted.refusal, posted.refusal_params); END IF;

  result := ROW(
    'posted', NULL, posted.transaction_id, posted.created_at, p_type, p_amount,
    sender.id, sender.name, receiver.id, receiver.name,
    CASE WHEN caller.id = receiver.id THEN to_account ELSE from_account END, caller.id,
    CASE WHEN caller.id = receiver.id THEN posted.to_balance ELSE posted.from_balance END, NULL,
    posted.fee, posted.commission
  )::movement_outcome;
  IF p_key IS NOT NULL THEN
    -- A key past retention is taken over. A live one was answered above, unless a writer that
    -- does not take the advisory lock stored it meanwhile: then nothing moves.
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, outcome)
    VALUES (caller.id, p_key, p_request_hash, result)
    ON CONFLICT (user_id, key) DO UPDATE SET
      request_hash = excluded.request_hash, outcome = excluded.outcome,
      created_at = clock_timestamp(), updated_at = clock_timestamp()
    WHERE k.created_at < clock_timestamp() - idempotency_key_retention();
    IF NOT FOUND THEN
      RAISE EXCEPTION 'KEY_IN_PROGRESS' USING ERRCODE = 'WL000';
    END IF;
  END IF;
  RETURN result;
END;
$$;
