-- A movement's refusal as ledger_move returns it: the code (from the API's refusal table,
-- shared/src/contracts/refusals.ts) and, for a limit, its figures; nothing posted.
CREATE OR REPLACE FUNCTION movement_refused(p_code text, p_params jsonb DEFAULT NULL)
RETURNS movement_outcome LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW('refused', p_code, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, p_params, NULL, NULL, NULL, NULL)::movement_outcome
$$;
