-- What a movement does to one party's wallet, in poisha: the payer gives the amount, the payee
-- gets it, whoever pays the fee gives it (movement_fee_payer: the payer, or a payment's merchant;
-- a refund's sender, the merchant, gets back what it gives back of its payment's fee),
-- and the agent gets the commission (the payer of a cash-in, the payee of a cash-out). One rule
-- for the posting's balances (ledger_post) and the quote's balance after (ledger/fees.ts): the
-- review shows the quote's figure and computes none.
CREATE OR REPLACE FUNCTION movement_net(
  p_type transaction_type, p_payer boolean, p_amount bigint, p_fee bigint, p_commission bigint
) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_payer THEN -p_amount ELSE p_amount END
       - CASE WHEN p_payer = (movement_fee_payer(p_type) = 'payer')
              THEN CASE WHEN p_type = 'refund' THEN -p_fee ELSE p_fee END ELSE 0 END
       + CASE WHEN (p_type = 'cash-in' AND p_payer) OR (p_type = 'cash-out' AND NOT p_payer) THEN p_commission ELSE 0 END
$$;
