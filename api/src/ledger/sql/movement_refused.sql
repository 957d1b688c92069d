-- A movement's refusal as ledger_move returns it: the code alone (from the API's refusal table,
-- shared/src/contracts/refusals.ts), nothing posted.
CREATE OR REPLACE FUNCTION movement_refused(p_code text) RETURNS movement_outcome LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW('refused', p_code, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)::movement_outcome
$$;
