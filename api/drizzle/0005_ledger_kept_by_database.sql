-- Lists read in keyset order straight off an index (see the schema's comments).
DROP INDEX "transactions_sender_idx";--> statement-breakpoint
DROP INDEX "transactions_receiver_idx";--> statement-breakpoint
DROP INDEX "transactions_created_idx";--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
CREATE INDEX "transactions_sender_created_id_idx" ON "transactions" USING btree ("sender_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_receiver_created_id_idx" ON "transactions" USING btree ("receiver_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_created_id_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_id_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
-- A wallet counts its entries (its owner's history length, read in O(1) for "Page N of M").
ALTER TABLE "accounts" ADD COLUMN "entry_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "accounts" a SET "entry_count" = e.n
  FROM (SELECT "account_id", count(*) AS n FROM "ledger_entries" GROUP BY "account_id") e
  WHERE e."account_id" = a."id" AND a."kind" = 'WALLET';--> statement-breakpoint
-- System accounts keep no running balance: their one row was a lock every deposit and every
-- registration queued on. Their balance is the sum of their entries.
UPDATE "accounts" SET "balance" = 0 WHERE "kind" = 'SYSTEM';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_system_no_running_balance_chk" CHECK ("accounts"."kind" = 'WALLET' OR ("accounts"."balance" = 0 AND "accounts"."entry_count" = 0));--> statement-breakpoint
CREATE VIEW "account_balances" AS
  SELECT a."id", a."kind", a."code", a."user_id",
         CASE WHEN a."kind" = 'WALLET' THEN a."balance"
              ELSE coalesce((SELECT sum(e."amount") FROM "ledger_entries" e WHERE e."account_id" = a."id"), 0)::bigint
         END AS "balance"
  FROM "accounts" a;--> statement-breakpoint

-- Posting an entry is the only way a balance changes: the entry updates its wallet here.
CREATE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts SET balance = balance + NEW.amount, entry_count = entry_count + 1
  WHERE id = NEW.account_id AND kind = 'WALLET';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_post_trg AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_post();--> statement-breakpoint

-- Any other write of a balance is refused: an account opens empty, and its balance moves only
-- from inside ledger_entries_post (trigger depth 2), never from a statement of the application.
CREATE FUNCTION accounts_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER accounts_balance_guard_trg BEFORE INSERT OR UPDATE OF balance, entry_count ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_balance_guard();--> statement-breakpoint

-- Entries and transactions are append-only: a posted movement is corrected by another movement.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% of % is refused: the ledger is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only_trg BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate_trg BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER transactions_append_only_trg BEFORE UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER transactions_no_truncate_trg BEFORE TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint

-- At commit, every transaction touched has entries, they net to zero, and what they credit is
-- the transaction's amount.
CREATE FUNCTION ledger_check_transaction(p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  net bigint;
  credited bigint;
  expected bigint;
BEGIN
  SELECT coalesce(sum(amount), 0), sum(amount) FILTER (WHERE amount > 0) INTO net, credited
  FROM ledger_entries WHERE transaction_id = p_transaction;
  SELECT amount INTO expected FROM transactions WHERE id = p_transaction;
  IF credited IS NULL THEN
    RAISE EXCEPTION 'transaction % has no ledger entries', p_transaction USING ERRCODE = 'check_violation';
  ELSIF net <> 0 THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not sum to zero', p_transaction USING ERRCODE = 'check_violation';
  ELSIF credited IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'ledger entries of transaction % do not match its amount', p_transaction USING ERRCODE = 'check_violation';
  END IF;
END;
$$;--> statement-breakpoint
DROP TRIGGER ledger_entries_balanced_trg ON ledger_entries;--> statement-breakpoint
DROP FUNCTION ledger_entries_balanced();--> statement-breakpoint
CREATE FUNCTION ledger_entries_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_transaction(NEW.transaction_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_checked_trg AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_checked();--> statement-breakpoint
CREATE FUNCTION transactions_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_transaction(NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transactions_checked_trg AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION transactions_checked();--> statement-breakpoint

-- One movement between two accounts. Wallets are locked in id order (system accounts are never
-- locked: they keep no running balance), checked (not blocked, enough money), and the
-- transaction and its two entries are written; the entries move the balances.
CREATE FUNCTION ledger_post(
  p_type transaction_type, p_amount bigint, p_from uuid, p_to uuid, p_sender uuid, p_receiver uuid,
  OUT transaction_id uuid, OUT created_at timestamptz, OUT from_balance bigint, OUT to_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  wallet record;
BEGIN
  IF p_from = p_to THEN
    RAISE EXCEPTION 'Sender and receiver must differ' USING ERRCODE = 'WL400';
  END IF;
  FOR wallet IN
    SELECT a.id, a.balance, a.is_blocked FROM accounts a
    WHERE a.id IN (p_from, p_to) AND a.kind = 'WALLET' ORDER BY a.id FOR UPDATE
  LOOP
    IF wallet.is_blocked THEN
      RAISE EXCEPTION 'Wallet is blocked' USING ERRCODE = 'WL403';
    END IF;
    IF wallet.id = p_from THEN from_balance := wallet.balance - p_amount;
    ELSE to_balance := wallet.balance + p_amount;
    END IF;
  END LOOP;
  IF from_balance < 0 THEN
    RAISE EXCEPTION 'Insufficient balance' USING ERRCODE = 'WL400';
  END IF;
  INSERT INTO transactions (type, amount, sender_user_id, receiver_user_id)
  VALUES (p_type, p_amount, p_sender, p_receiver)
  RETURNING transactions.id, transactions.created_at INTO transaction_id, created_at;
  INSERT INTO ledger_entries (transaction_id, account_id, amount)
  VALUES (ledger_post.transaction_id, p_from, -p_amount), (ledger_post.transaction_id, p_to, p_amount);
END;
$$;--> statement-breakpoint

-- A money POST in one statement: the caller's session, the Idempotency-Key, the parties' rules,
-- the posting and the reply, in one database transaction. Refusals are raised as SQLSTATE 'WL'
-- plus the HTTP status, with the message the person sees. Amounts are poisha; the reply says Taka.
CREATE FUNCTION wallet_move(
  p_operation text, p_session_hash text, p_session_idle_seconds integer, p_counterpart uuid,
  p_amount bigint, p_key text, p_request_hash text, p_message text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  p_caller uuid;
  session_id uuid;
  session_seen timestamptz;
  caller users;
  other users;
  sender users;
  receiver users;
  stored idempotency_keys;
  from_account uuid;
  to_account uuid;
  posted record;
  caller_balance bigint;
  body jsonb;
BEGIN
  -- The session, as every signed-in request checks it: not past its end, not idle too long.
  SELECT s.id, s.user_id, s.last_seen_at INTO session_id, p_caller, session_seen
  FROM sessions s
  WHERE s.token_hash = p_session_hash AND s.expires_at > clock_timestamp()
    AND s.last_seen_at > clock_timestamp() - make_interval(secs => p_session_idle_seconds);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Please log in' USING ERRCODE = 'WL401';
  END IF;
  IF session_seen < clock_timestamp() - interval '1 minute' THEN
    UPDATE sessions SET last_seen_at = clock_timestamp() WHERE id = session_id;
  END IF;
  SELECT * INTO caller FROM users WHERE id = p_caller;
  IF caller.role <> (CASE WHEN p_operation = 'cash-in' THEN 'AGENT' ELSE 'USER' END)::role THEN
    RAISE EXCEPTION 'You are not allowed to do this' USING ERRCODE = 'WL403';
  END IF;

  IF p_key IS NOT NULL THEN
    -- A duplicate of a request still running is told so at once, never run twice.
    IF NOT pg_try_advisory_xact_lock(hashtextextended(p_caller::text || '/' || p_key, 7301001)) THEN
      RAISE EXCEPTION 'A request with this Idempotency-Key is still being processed' USING ERRCODE = 'WL409';
    END IF;
    SELECT * INTO stored FROM idempotency_keys k
    WHERE k.user_id = p_caller AND k.key = p_key AND k.created_at >= clock_timestamp() - interval '24 hours';
    IF FOUND THEN
      IF stored.status <> 'completed' THEN
        RAISE EXCEPTION 'A request with this Idempotency-Key is still being processed' USING ERRCODE = 'WL409';
      ELSIF stored.request_hash <> p_request_hash THEN
        RAISE EXCEPTION 'This Idempotency-Key was already used for a different request' USING ERRCODE = 'WL422';
      END IF;
      RETURN jsonb_build_object('status', stored.response_status, 'body', stored.response_body, 'replayed', true);
    END IF;
  END IF;

  CASE p_operation
  WHEN 'deposit' THEN
    receiver := caller;
  WHEN 'transfer' THEN
    IF p_counterpart = p_caller THEN
      RAISE EXCEPTION 'You cannot transfer money to yourself' USING ERRCODE = 'WL400';
    END IF;
    SELECT * INTO other FROM users WHERE id = p_counterpart;
    IF NOT FOUND THEN RAISE EXCEPTION 'Receiver not found' USING ERRCODE = 'WL404'; END IF;
    IF other.role <> 'USER' THEN
      RAISE EXCEPTION 'Money can only be transferred to a user' USING ERRCODE = 'WL400';
    END IF;
    sender := caller;
    receiver := other;
  WHEN 'cash-out' THEN
    SELECT * INTO other FROM users WHERE id = p_counterpart;
    IF NOT FOUND THEN RAISE EXCEPTION 'Agent not found' USING ERRCODE = 'WL404'; END IF;
    IF other.role <> 'AGENT' THEN
      RAISE EXCEPTION 'Cash-out is only possible through an agent' USING ERRCODE = 'WL400';
    END IF;
    IF NOT other.is_active THEN RAISE EXCEPTION 'Agent is suspended' USING ERRCODE = 'WL403'; END IF;
    sender := caller;
    receiver := other;
  WHEN 'cash-in' THEN
    IF NOT caller.is_active THEN RAISE EXCEPTION 'Agent is suspended' USING ERRCODE = 'WL403'; END IF;
    SELECT * INTO other FROM users WHERE id = p_counterpart;
    IF NOT FOUND THEN RAISE EXCEPTION 'User not found' USING ERRCODE = 'WL404'; END IF;
    IF other.role <> 'USER' THEN
      RAISE EXCEPTION 'Cash-in is only possible to a user' USING ERRCODE = 'WL400';
    END IF;
    sender := caller;
    receiver := other;
  ELSE
    RAISE EXCEPTION 'unknown money operation %', p_operation;
  END CASE;

  IF sender.id IS NULL THEN
    SELECT id INTO from_account FROM accounts WHERE code = 'BANK_SETTLEMENT';
  ELSE
    SELECT id INTO from_account FROM accounts WHERE user_id = sender.id;
  END IF;
  SELECT id INTO to_account FROM accounts WHERE user_id = receiver.id;
  IF from_account IS NULL OR to_account IS NULL THEN
    RAISE EXCEPTION 'Wallet not found' USING ERRCODE = 'WL404';
  END IF;

  SELECT * INTO posted
  FROM ledger_post(p_operation::transaction_type, p_amount, from_account, to_account, sender.id, receiver.id);
  caller_balance := CASE WHEN caller.id = receiver.id THEN posted.to_balance ELSE posted.from_balance END;

  body := jsonb_build_object(
    'success', true,
    'statusCode', 201,
    'message', p_message,
    'data', jsonb_build_object(
      'transaction', jsonb_build_object(
        '_id', posted.transaction_id,
        'type', p_operation,
        'status', 'completed',
        'balance', round(p_amount / 100.0, 2),
        'createdAt', to_char(posted.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'sender', CASE WHEN sender.id IS NULL THEN NULL ELSE jsonb_build_object('_id', sender.id, 'name', sender.name) END,
        'receiver', jsonb_build_object('_id', receiver.id, 'name', receiver.name)
      ),
      'wallet', jsonb_build_object(
        '_id', CASE WHEN caller.id = receiver.id THEN to_account ELSE from_account END,
        'userId', caller.id,
        'balance', round(caller_balance / 100.0, 2),
        'isBlocked', false
      )
    )
  );
  IF p_key IS NOT NULL THEN
    -- A key past retention is taken over. A live one was answered above, unless a writer that
    -- does not take the advisory lock stored it meanwhile: then nothing moves.
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, status, response_status, response_body)
    VALUES (p_caller, p_key, p_request_hash, 'completed', 201, body)
    ON CONFLICT (user_id, key) DO UPDATE SET
      request_hash = excluded.request_hash, status = 'completed', response_status = 201,
      response_body = excluded.response_body, created_at = clock_timestamp(), updated_at = clock_timestamp()
    WHERE k.created_at < clock_timestamp() - interval '24 hours';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'A request with this Idempotency-Key is still being processed' USING ERRCODE = 'WL409';
    END IF;
  END IF;
  RETURN jsonb_build_object('status', 201, 'body', body, 'replayed', false);
END;
$$;
