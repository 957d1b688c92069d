-- Who pays a movement's fee: the payer ('payer'), or for a payment the merchant it pays ('payee':
-- the MDR is the merchant's, as its own ledger leg, and the payer pays the amount alone). One rule
-- for the posting (ledger_post), the balances after (movement_net) and the quote (ledger/fees.ts).
CREATE OR REPLACE FUNCTION movement_fee_payer(p_type transaction_type) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_type = 'payment' THEN 'payee' ELSE 'payer' END
$$;

-- The part of a movement's fee its payer (the one who starts it) pays: the whole fee where they pay
-- it, and none of a payment's (its merchant pays) or a refund's (it gives the merchant its fee
-- back). What a person confirms in the review (X-Expected-Fee, ledger_post) and what the quote
-- shows them (ledger/fees.ts).
CREATE OR REPLACE FUNCTION movement_payer_fee(p_type transaction_type, p_fee bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN movement_fee_payer(p_type) = 'payer' AND p_type <> 'refund' THEN p_fee ELSE 0 END
$$;
