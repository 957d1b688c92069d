-- Who pays a movement's fee: the payer ('payer'), or for a payment the merchant it pays ('payee':
-- the MDR is the merchant's, as its own ledger leg, and the payer pays the amount alone). One rule
-- for the posting (ledger_post), the balances after (movement_net) and the quote (ledger/fees.ts).
CREATE OR REPLACE FUNCTION movement_fee_payer(p_type transaction_type) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_type = 'payment' THEN 'payee' ELSE 'payer' END
$$;
