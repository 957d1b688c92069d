CREATE TYPE "public"."audit_action" AS ENUM('approve', 'suspend', 'reactivate', 'block', 'unblock');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" "audit_action" NOT NULL,
	"admin_id" uuid NOT NULL,
	"target_user_id" uuid NOT NULL,
	"wallet_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_wallet_id_accounts_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_id_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_created_id_idx" ON "audit_log" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_id_idx" ON "ledger_entries" USING btree ("account_id","created_at","id","amount");--> statement-breakpoint
CREATE INDEX "transactions_sender_type_created_id_idx" ON "transactions" USING btree ("sender_user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_receiver_type_created_id_idx" ON "transactions" USING btree ("receiver_user_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_type_created_id_idx" ON "transactions" USING btree ("type","created_at","id","amount");--> statement-breakpoint

-- An entry carries its transaction's time, so a statement (read off a wallet's entries) and the
-- history (read off transactions) show one time for one movement, to the microsecond.
CREATE OR REPLACE FUNCTION ledger_post(
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
  INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
  VALUES (ledger_post.transaction_id, p_from, -p_amount, ledger_post.created_at),
         (ledger_post.transaction_id, p_to, p_amount, ledger_post.created_at);
END;
$$;--> statement-breakpoint

-- The audit trail is append-only, as the ledger is.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% of % is refused: the audit trail is append-only', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only_trg BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate_trg BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint

-- Live events: a wallet that changed is announced on channel wallet_events when its transaction
-- commits (NOTIFY is delivered only then, and a deferred trigger reads the balance as committed),
-- whoever changed it: a movement either way, a block, an unblock. Every API instance listens and
-- tells the owner's open streams. Payload: {"w": wallet, "u": owner, "t": transaction or null,
-- "b": balance in poisha, "k": blocked}.
CREATE FUNCTION wallet_notify(p_account uuid, p_transaction uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wallet accounts;
BEGIN
  SELECT * INTO wallet FROM accounts WHERE id = p_account AND kind = 'WALLET';
  IF FOUND THEN
    PERFORM pg_notify('wallet_events', json_build_object(
      'w', wallet.id, 'u', wallet.user_id, 't', p_transaction, 'b', wallet.balance::text, 'k', wallet.is_blocked
    )::text);
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION ledger_entries_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_notify(NEW.account_id, NEW.transaction_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_notify_trg AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_notify();--> statement-breakpoint
CREATE FUNCTION accounts_blocked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_notify(NEW.id, NULL);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER accounts_blocked_notify_trg AFTER UPDATE OF is_blocked ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.is_blocked IS DISTINCT FROM NEW.is_blocked) EXECUTE FUNCTION accounts_blocked_notify();
