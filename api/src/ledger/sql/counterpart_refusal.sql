-- Who may be the other party of a movement, one rule for the movement and the picker: NULL when
-- the person may be, else the refusal the movement gets (shared/src/contracts/refusals.ts, in its
-- precedence). A transfer goes to another person, a cash-in to a person, each with a verified
-- email (nobody is paid before proving their address: a squatter of someone's email is never
-- paid as them); a cash-out to an active agent (only a verified person becomes an agent).
--
-- ledger_move calls it with the row it found (p_id NULL: no such person). The picker
-- (listCounterparts in identity/users.ts) filters with it, `... IS NULL`: SQL and IMMUTABLE, it is
-- inlined into the picker's query, and with the type a constant the planner keeps only its arm,
-- so the search still runs on the name and email indexes.
CREATE OR REPLACE FUNCTION counterpart_refusal(
  p_type transaction_type, p_caller uuid,
  p_id uuid, p_role role, p_email_verified_at timestamptz, p_is_active boolean
) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_type
    WHEN 'transfer' THEN CASE
      WHEN p_id = p_caller THEN 'SELF_TRANSFER'
      WHEN p_id IS NULL THEN 'RECEIVER_NOT_FOUND'
      WHEN p_role <> 'USER' THEN 'RECEIVER_NOT_USER'
      WHEN p_email_verified_at IS NULL THEN 'RECEIVER_UNVERIFIED'
    END
    WHEN 'cash-out' THEN CASE
      WHEN p_id IS NULL THEN 'AGENT_NOT_FOUND'
      WHEN p_role <> 'AGENT' THEN 'RECEIVER_NOT_AGENT'
      WHEN NOT p_is_active THEN 'AGENT_SUSPENDED'
    END
    WHEN 'cash-in' THEN CASE
      WHEN p_id IS NULL THEN 'USER_NOT_FOUND'
      WHEN p_role <> 'USER' THEN 'CASH_IN_NOT_USER'
      WHEN p_email_verified_at IS NULL THEN 'RECEIVER_UNVERIFIED'
    END
  END
$$;
