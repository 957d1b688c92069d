-- How long after a payment its merchant may refund it (sql/ledger_move.sql): 30 days, as card
-- schemes and bKash's merchant refunds allow. The one place the window is written in the
-- database; the contracts' REFUND_WINDOW_DAYS says it to people, and payments.test.ts holds the
-- two together.
CREATE OR REPLACE FUNCTION refund_window() RETURNS interval
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT interval '30 days' $$;
