-- Which side of a movement a holder's row of limits bounds ('sent' or 'received'), as limitSide
-- in shared/src/contracts/limits.ts: people are limited on the deposits, transfers and cash-outs
-- they make and on the cash-ins agents give them; agents on the cash-ins they give and the
-- cash-outs they take; merchants on the payments they take (a payer on the ones they make, under
-- their tier). A transfer received is bounded by the maximum balance alone.
CREATE OR REPLACE FUNCTION limit_side(p_holder limit_holder, p_type transaction_type)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_holder = 'AGENT' THEN CASE WHEN p_type = 'cash-in' THEN 'sent' ELSE 'received' END
    WHEN p_holder = 'MERCHANT' THEN 'received'
    WHEN p_type IN ('transfer', 'cash-out', 'payment') THEN 'sent'
    ELSE 'received'
  END
$$;
