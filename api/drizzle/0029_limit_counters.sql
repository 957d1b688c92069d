-- Limits read counters, not history (limit_counters, kept by a trigger on transactions; filled
-- below for the month this is applied in). The ledger's entries lose their declared foreign keys:
-- the posting trigger checks an INSERT's transactions and accounts once (ledger_entries_post.sql)
-- instead of two lookups and a KEY SHARE lock per entry. ledger_health gains the daily comparison
-- of a settled day's counters with its movements.
CREATE TABLE "limit_counters" (
	"user_id" uuid NOT NULL,
	"type" "transaction_type" NOT NULL,
	"side" text NOT NULL,
	"period" text NOT NULL,
	"starts" date NOT NULL,
	"amount" bigint NOT NULL,
	"movements" integer NOT NULL,
	CONSTRAINT "limit_counters_user_id_type_side_period_starts_pk" PRIMARY KEY("user_id","type","side","period","starts"),
	CONSTRAINT "limit_counters_side_chk" CHECK ("limit_counters"."side" in ('sent', 'received')),
	CONSTRAINT "limit_counters_period_chk" CHECK ("limit_counters"."period" = 'day' or "limit_counters"."period" = 'month' and extract(day from "limit_counters"."starts") = 1),
	CONSTRAINT "limit_counters_positive_chk" CHECK ("limit_counters"."amount" > 0 and "limit_counters"."movements" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "transactions_reverses_key";--> statement-breakpoint
ALTER TABLE "ledger_health" ADD COLUMN "counters_checked_day" date;--> statement-breakpoint
ALTER TABLE "ledger_health" ADD COLUMN "counters_drifted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reverses_key" ON "transactions" USING btree ("reverses") WHERE "transactions"."reverses" is not null;--> statement-breakpoint
-- The counters start with the month this is applied in. The trigger (as api/src/ledger/sql/
-- limit_counters_count.sql defines it; the file replaces it right after the migrations) is
-- created first: creating it takes a lock on transactions that waits for every movement being
-- written and holds off new ones until this commits, so the fill below reads every movement
-- committed before, and the trigger counts every one after. Counted as limit_counted.sql says
-- (the sides limits can bound); types compared as text, as an upgrade adds 'reversal' to the enum
-- in this same transaction.
CREATE FUNCTION limit_counters_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  local_at timestamp := NEW.created_at AT TIME ZONE 'Asia/Dhaka';
BEGIN
  INSERT INTO limit_counters AS c (user_id, type, side, period, starts, amount, movements)
  SELECT party.id, NEW.type, party.side, period.name, period.starts, NEW.amount, 1
  FROM (VALUES (NEW.sender_user_id, 'sent'), (NEW.receiver_user_id, 'received')) AS party(id, side),
       (VALUES ('day', local_at::date), ('month', date_trunc('month', local_at)::date)) AS period(name, starts)
  WHERE party.id IS NOT NULL AND NOT (NEW.type::text = 'transfer' AND party.side = 'received')
  ORDER BY party.id, party.side, period.name
  ON CONFLICT (user_id, type, side, period, starts) DO UPDATE
    SET amount = c.amount + excluded.amount, movements = c.movements + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER limit_counters_count_trg AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.type::text NOT IN ('bonus', 'reversal')) EXECUTE FUNCTION limit_counters_count();
--> statement-breakpoint
INSERT INTO limit_counters (user_id, type, side, period, starts, amount, movements)
SELECT party.id, t.type, party.side, period.name, period.starts, sum(t.amount), count(*)
FROM transactions t
CROSS JOIN LATERAL (VALUES (t.sender_user_id, 'sent'), (t.receiver_user_id, 'received')) AS party(id, side)
CROSS JOIN LATERAL (VALUES ('day', (t.created_at AT TIME ZONE 'Asia/Dhaka')::date),
                           ('month', date_trunc('month', t.created_at AT TIME ZONE 'Asia/Dhaka')::date)) AS period(name, starts)
WHERE t.type::text NOT IN ('bonus', 'reversal') AND party.id IS NOT NULL
  AND NOT (t.type::text = 'transfer' AND party.side = 'received')
  AND t.created_at >= date_trunc('month', clock_timestamp() AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka'
GROUP BY party.id, t.type, party.side, period.name, period.starts;
