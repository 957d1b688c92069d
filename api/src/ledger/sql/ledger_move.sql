-- One money movement, posted at most once per Idempotency-Key, in one statement and so one
-- round trip and one database transaction: the caller's session and role, the key, the
-- parties' rules, the posting (ledger_post) and the outcome stored with the key.
--
-- Its one argument is the composite movement_request (made by migration 0028), which the API
-- builds by field name: a new field is an attribute added to the type, never a new signature.
--
-- It returns a typed row (movement_outcome): 'posted', 'replayed' (the outcome stored with the
-- key, as it was first answered) or 'refused' with a code of the API's refusal table
-- (shared/src/contracts/refusals.ts, which also gives each code's HTTP status, message and
-- precedence). The checks below run in that precedence. p.expected_fee, when given, is the fee
-- (poisha) the caller confirmed: another fee now is refused (FEE_CHANGED), nothing moved. A
-- refusal is returned, not raised, so what the request did before it (the session's last use) stays; the one refusal that must undo
-- a posting is raised (SQLSTATE WL000, the code as message). The API builds the reply.
-- p.trace_id, when traces are on, is the request's trace: an audit row written here (a PIN
-- locked) carries it, as the rows the API writes do (wallet.trace_id, audit_log's default).
CREATE OR REPLACE FUNCTION ledger_move(p movement_request)
RETURNS movement_outcome LANGUAGE plpgsql AS $$
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
  counterpart_refused text;
  shop merchants;
  qr merchant_qr_codes;
  link payment_links;
  paid payments;
  asked money_requests;
  -- What moves: the request's amount, or what a refund without one gives back.
  moved_amount bigint := p.amount;
  fee_back bigint;
BEGIN
  -- Resolved once, before the lookup: a volatile function in the WHERE would run for every row.
  caller_id := session_person(p.session_hash, p.idle_seconds, true);
  IF caller_id IS NULL THEN RETURN movement_refused('NOT_SIGNED_IN'); END IF;
  -- A duplicate of a request still running is told so at once, never run twice: before the
  -- person's row lock below, which the running one holds to its commit.
  IF p.key IS NOT NULL AND NOT pg_try_advisory_xact_lock(hashtextextended(caller_id::text || '/' || p.key, 7301001)) THEN
    RETURN movement_refused('KEY_IN_PROGRESS');
  END IF;
  -- Money leaving a wallet is judged under the caller's row lock, held to the commit: a burst of
  -- PINs sent at once is judged one at a time, each against the count and the lock the one before
  -- left, so a right PIN is never taken after wrong ones locked it (a copy read without the lock
  -- could be older than the lock). NO KEY UPDATE, so a movement naming this person (a foreign
  -- key's KEY SHARE) never waits for it. Taken before any wallet's lock, as every writer of a
  -- person and their wallet takes them (users, then accounts): no deadlock.
  IF p.type = 'deposit' THEN
    SELECT * INTO caller FROM users WHERE id = caller_id;
  ELSE
    SELECT * INTO caller FROM users WHERE id = caller_id FOR NO KEY UPDATE;
  END IF;
  IF caller.role <> p.role THEN RETURN movement_refused('ROLE_NOT_ALLOWED'); END IF;

  -- Money leaving a wallet needs its PIN (p.pin: its keyed hashes by key id, p.pin_key the
  -- current key's id), checked before the key, so a replay with a wrong PIN never gets the stored
  -- success. A wrong one stays counted: refusals are returned, not raised.
  IF p.type <> 'deposit' THEN
    IF p.trace_id IS NOT NULL THEN
      PERFORM set_config('wallet.trace_id', p.trace_id, true);
    END IF;
    pin := pin_verify(caller, p.pin, p.pin_key);
    IF pin.refusal IS NOT NULL THEN RETURN movement_refused(pin.refusal, pin.refusal_params); END IF;
    -- A PIN reset with a mailed code holds the caller's outgoing money for a while (incoming money
    -- still arrives: the receiver is never asked), with the hours left.
    IF caller.pin_reset_at > clock_timestamp() - pin_reset_hold() THEN
      RETURN movement_refused('PIN_RESET_HOLD', jsonb_build_object('hours',
        ceil(extract(epoch FROM caller.pin_reset_at + pin_reset_hold() - clock_timestamp()) / 3600)::integer));
    END IF;
  END IF;

  IF p.key IS NOT NULL THEN
    SELECT * INTO stored FROM idempotency_keys k
    WHERE k.user_id = caller.id AND k.key = p.key AND k.created_at >= clock_timestamp() - idempotency_key_retention();
    IF FOUND THEN
      IF stored.request_hash <> p.request_hash THEN RETURN movement_refused('KEY_REUSED'); END IF;
      result := stored.outcome;
      result.outcome := 'replayed';
      RETURN result;
    END IF;
  END IF;

  -- The caller's own standing, then the other party's (counterpart_refusal, the picker's rule too).
  IF p.type = 'deposit' THEN
    receiver := caller;
  ELSE
    IF p.type = 'cash-in' THEN
      IF NOT caller.is_active THEN RETURN movement_refused('AGENT_SUSPENDED'); END IF;
    ELSIF caller.email_verified_at IS NULL THEN
      RETURN movement_refused('SENDER_UNVERIFIED');
    END IF;
    IF p.type = 'payment' THEN
      -- A payment's other party is a merchant (p.merchant: merchants.id, or a link's), paid into
      -- its owner's wallet; a blocked wallet takes no payment. A dynamic QR (p.dynamic, named by
      -- the merchant's reference) or a link (p.link, its code) is read under its row's lock, held
      -- to the commit: of payments of one QR at once, the first posts and names it
      -- (payments.qr_code_id, unique) and the others find it paid; a link's uses are counted one
      -- payment after the other (payment_links_uses_chk beneath).
      IF p.link IS NOT NULL THEN
        SELECT * INTO link FROM payment_links WHERE code = p.link FOR UPDATE;
        IF link.id IS NULL THEN RETURN movement_refused('PAY_LINK_NOT_FOUND'); END IF;
        SELECT * INTO shop FROM merchants WHERE id = link.merchant_id;
      ELSE
        SELECT * INTO shop FROM merchants WHERE id = p.merchant;
        IF shop.id IS NULL THEN RETURN movement_refused('MERCHANT_NOT_FOUND'); END IF;
      END IF;
      IF shop.user_id = caller.id THEN RETURN movement_refused('SELF_PAYMENT'); END IF;
      IF EXISTS (SELECT 1 FROM accounts WHERE user_id = shop.user_id AND is_blocked) THEN
        RETURN movement_refused('MERCHANT_BLOCKED');
      END IF;
      IF p.dynamic THEN
        SELECT * INTO qr FROM merchant_qr_codes WHERE merchant_id = shop.id AND reference = p.reference FOR UPDATE;
        IF qr.id IS NULL THEN RETURN movement_refused('QR_NOT_FOUND'); END IF;
        IF EXISTS (SELECT 1 FROM payments WHERE qr_code_id = qr.id) THEN RETURN movement_refused('QR_ALREADY_PAID'); END IF;
        IF qr.expires_at <= clock_timestamp() THEN RETURN movement_refused('QR_EXPIRED'); END IF;
        IF qr.amount <> p.amount THEN
          RETURN movement_refused('QR_AMOUNT_MISMATCH', jsonb_build_object('amount', qr.amount));
        END IF;
      END IF;
      IF link.id IS NOT NULL THEN
        IF NOT link.active THEN RETURN movement_refused('PAY_LINK_INACTIVE'); END IF;
        IF link.expires_at <= clock_timestamp() THEN RETURN movement_refused('PAY_LINK_EXPIRED'); END IF;
        IF link.uses >= link.max_uses THEN RETURN movement_refused('PAY_LINK_USED_UP'); END IF;
        IF link.amount <> p.amount THEN
          RETURN movement_refused('PAY_LINK_AMOUNT_MISMATCH', jsonb_build_object('amount', link.amount));
        END IF;
      END IF;
      SELECT * INTO other FROM users WHERE id = shop.user_id;
    ELSIF p.type = 'refund' THEN
      -- A merchant gives back part or all of a payment it took (p.payment), within
      -- refund_window(), to its payer: under the payment's row lock, held to the commit, so
      -- refunds at once are counted one after the other and never add up to more than was paid
      -- (payments_refunded_chk beneath). No amount: what is left of it. The MDR goes back pro rata,
      -- rounded down, and the refund that empties the payment takes the rest of it, so the MDR
      -- refunded never exceeds the MDR charged (payments_refunded_fee_chk beneath).
      SELECT pay.* INTO paid FROM payments pay JOIN merchants m ON m.id = pay.merchant_id
      WHERE pay.transaction_id = p.payment AND m.user_id = caller.id
      FOR UPDATE OF pay;
      IF paid.transaction_id IS NULL THEN RETURN movement_refused('PAYMENT_NOT_FOUND'); END IF;
      IF paid.created_at < clock_timestamp() - refund_window() THEN
        RETURN movement_refused('REFUND_WINDOW_CLOSED', jsonb_build_object('days', extract(day FROM refund_window())::integer));
      END IF;
      IF paid.refunded = paid.amount THEN RETURN movement_refused('ALREADY_REFUNDED'); END IF;
      moved_amount := coalesce(p.amount, paid.amount - paid.refunded);
      IF moved_amount > paid.amount - paid.refunded THEN
        RETURN movement_refused('REFUND_TOO_LARGE', jsonb_build_object('left', paid.amount - paid.refunded));
      END IF;
      fee_back := CASE WHEN paid.refunded + moved_amount = paid.amount THEN paid.fee - paid.refunded_fee
                       ELSE (paid.fee * moved_amount) / paid.amount END;
      SELECT u.* INTO other FROM users u JOIN transactions t ON t.sender_user_id = u.id WHERE t.id = paid.transaction_id;
    ELSE
      SELECT * INTO other FROM users WHERE id = p.counterpart;
      counterpart_refused := counterpart_refusal(p.type, caller.id, other.id, other.role, other.email_verified_at, other.is_active);
      IF counterpart_refused IS NOT NULL THEN RETURN movement_refused(counterpart_refused); END IF;
      -- A transfer that pays a request (p.request): the caller's to pay, to its requester, of its
      -- amount, and still open, read under the request's row lock, held to the commit: of payments
      -- of one request at once, the first posts and closes it and the others find it paid. Taken
      -- after the caller's person row and before any wallet, as decline and cancel take it.
      IF p.type = 'transfer' AND p.request IS NOT NULL THEN
        SELECT * INTO asked FROM money_requests WHERE id = p.request AND payer_id = caller.id AND delivered FOR NO KEY UPDATE;
        IF asked.id IS NULL THEN RETURN movement_refused('REQUEST_NOT_FOUND'); END IF;
        IF asked.requester_id <> other.id OR asked.amount <> p.amount THEN RETURN movement_refused('REQUEST_MISMATCH'); END IF;
        IF asked.status <> 'open' OR asked.expires_at <= clock_timestamp() THEN RETURN movement_refused('REQUEST_NOT_OPEN'); END IF;
      END IF;
    END IF;
    sender := caller;
    receiver := other;
  END IF;

  IF sender.id IS NULL THEN
    SELECT id INTO from_account FROM accounts WHERE code = 'BANK_SETTLEMENT';
  ELSE
    SELECT id INTO from_account FROM accounts WHERE user_id = sender.id;
  END IF;
  SELECT id INTO to_account FROM accounts WHERE user_id = receiver.id;
  IF from_account IS NULL OR to_account IS NULL THEN RETURN movement_refused('WALLET_NOT_FOUND'); END IF;

  -- The parties' limits are checked by the posting, under the wallets' locks.
  -- Called as an expression, not a FROM: no function scan and tuple store for its one row.
  -- A refund gives money back: no limit bounds it, and it counts towards none (limit_counted).
  posted := ledger_post(
    p.type, moved_amount, from_account, to_account, sender.id, receiver.id,
    CASE WHEN sender.id IS NOT NULL AND p.type <> 'refund'
         THEN limit_holder(sender.role, sender.email_verified_at, sender.kyc_approved_at) END,
    -- A merchant takes payments under its merchant limits, not its tier's.
    CASE WHEN p.type = 'payment' THEN 'MERCHANT'::limit_holder
         WHEN p.type = 'refund' THEN NULL
         ELSE limit_holder(receiver.role, receiver.email_verified_at, receiver.kyc_approved_at) END,
    p.expected_fee, fee_back);
  IF posted.refusal IS NOT NULL THEN RETURN movement_refused(posted.refusal, posted.refusal_params); END IF;
  IF p.type = 'payment' THEN
    INSERT INTO payments (transaction_id, merchant_id, reference, qr_code_id, link_id, amount, fee, created_at)
    VALUES (posted.transaction_id, shop.id, p.reference, qr.id, link.id, moved_amount, posted.fee, posted.created_at);
    IF link.id IS NOT NULL THEN
      UPDATE payment_links SET uses = uses + 1 WHERE id = link.id;
    END IF;
  ELSIF p.type = 'refund' THEN
    UPDATE payments SET refunded = refunded + moved_amount, refunded_fee = refunded_fee + posted.fee
    WHERE transaction_id = paid.transaction_id;
    INSERT INTO refunds (transaction_id, payment_id, reason, created_at)
    VALUES (posted.transaction_id, paid.transaction_id, p.reason, posted.created_at);
  ELSIF asked.id IS NOT NULL THEN
    -- The request is paid by this transfer; both sides' notices name it, and the requester's says
    -- their request was paid rather than that money arrived.
    UPDATE money_requests SET status = 'paid', closed_at = clock_timestamp(), transaction_id = posted.transaction_id
    WHERE id = asked.id;
    -- Found by the people's own index (user_id, created_at): the posting wrote them at the
    -- transaction's time; transaction_id has no index of its own.
    UPDATE notifications
    SET request_id = asked.id, kind = CASE WHEN user_id = asked.requester_id THEN 'request_paid' ELSE kind END
    WHERE user_id IN (asked.requester_id, asked.payer_id) AND created_at = posted.created_at
      AND transaction_id = posted.transaction_id;
  END IF;

  result := ROW(
    'posted', NULL, posted.transaction_id, posted.created_at, p.type, moved_amount,
    sender.id, sender.name, receiver.id, receiver.name,
    CASE WHEN caller.id = receiver.id THEN to_account ELSE from_account END, caller.id,
    CASE WHEN caller.id = receiver.id THEN posted.to_balance ELSE posted.from_balance END, NULL,
    posted.fee, posted.commission,
    CASE WHEN caller.id = receiver.id THEN posted.to_held ELSE posted.from_held END,
    posted.commission_unpaid
  )::movement_outcome;
  IF p.key IS NOT NULL THEN
    -- A key past retention is taken over. A live one was answered above, unless a writer that
    -- does not take the advisory lock stored it meanwhile: then nothing moves.
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, outcome)
    VALUES (caller.id, p.key, p.request_hash, result)
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
