-- Money into the commission float (COMMISSION_FLOAT, which pays cash-in commissions: ledger_post),
-- as one float-funding transaction: p_amount poisha from fee revenue ('fee_revenue') or from the
-- company's bank ('deposit', through BANK_SETTLEMENT, as a person's deposit comes). Fee revenue
-- funds only what it holds: its balance (fee_revenue_balance) is read and spent under one advisory
-- lock, so two fundings at once never both spend the same revenue; fees arriving meanwhile only add
-- to it. Refused
-- REVENUE_SHORT, with what it holds, and nothing written. The float's row is locked as a cash-in's
-- posting locks it, last. Called by the API inside the transaction that approves the funding (or,
-- with SECOND_APPROVAL=optional, the one that audits it).
CREATE OR REPLACE FUNCTION commission_float_fund(
  p_amount bigint, p_source text,
  OUT refusal text, OUT refusal_params jsonb, OUT transaction_id uuid, OUT float_balance bigint
) LANGUAGE plpgsql AS $$
DECLARE
  source_account uuid;
  float_account uuid;
  revenue_held bigint;
  funded_at timestamptz;
BEGIN
  IF p_source = 'fee_revenue' THEN
    PERFORM pg_advisory_xact_lock(7301008);
    SELECT id INTO source_account FROM accounts WHERE code = 'FEE_REVENUE';
    revenue_held := fee_revenue_balance();
    IF revenue_held < p_amount THEN
      refusal := 'REVENUE_SHORT';
      refusal_params := jsonb_build_object('available', greatest(revenue_held, 0));
      RETURN;
    END IF;
  ELSIF p_source = 'deposit' THEN
    SELECT id INTO source_account FROM accounts WHERE code = 'BANK_SETTLEMENT';
  ELSE
    RAISE EXCEPTION 'unknown source of funding: %', p_source USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT id INTO float_account FROM accounts WHERE code = 'COMMISSION_FLOAT' FOR UPDATE;
  funded_at := clock_timestamp();
  INSERT INTO transactions (type, amount, created_at) VALUES ('float-funding', p_amount, funded_at)
  RETURNING id INTO transaction_id;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
  VALUES (commission_float_fund.transaction_id, source_account, -p_amount, funded_at),
         (commission_float_fund.transaction_id, float_account, p_amount, funded_at);
  SELECT balance INTO float_balance FROM accounts WHERE id = float_account;
END;
$$;
