-- The registration bonus is the only money the wallet itself creates, so it is held (accounts.held)
-- until staff have checked who the person is: an identity review approved (KYC), or, for an agent,
-- the agent approval. bonus_release lets one person's bonus out of its hold, within the site's
-- daily budget (p_budget, poisha: BONUS_DAILY_BUDGET) for the Asia/Dhaka day: past it, the bonus
-- stays held and waits for a day with room (bonus_release_waiting). Returns what it released, 0
-- when nothing was (no hold, not approved, or no room today). Releases are taken one at a time
-- across the site (an advisory lock), so a day's total is read and added to by one at a time.
CREATE OR REPLACE FUNCTION bonus_release(p_user uuid, p_budget bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  wallet accounts;
  today date := (clock_timestamp() AT TIME ZONE 'Asia/Dhaka')::date;
  released_today bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7301007);
  SELECT a.* INTO wallet FROM accounts a JOIN users u ON u.id = a.user_id
  WHERE a.user_id = p_user AND a.kind = 'WALLET' AND a.held > 0 AND u.closed_at IS NULL
    AND (u.kyc_approved_at IS NOT NULL OR u.role = 'AGENT')
  FOR UPDATE OF a;
  IF NOT FOUND THEN RETURN 0; END IF;
  SELECT coalesce(sum(amount), 0) INTO released_today FROM bonus_releases WHERE day = today;
  IF released_today + wallet.held > p_budget THEN RETURN 0; END IF;
  UPDATE accounts SET held = 0 WHERE id = wallet.id;
  INSERT INTO bonus_releases (user_id, amount, day) VALUES (p_user, wallet.held, today);
  RETURN wallet.held;
END;
$$;

-- The bonuses that wait for the budget, released first come, first served (the earliest approved
-- first) while the day has room. Run by the maintenance job; returns how many it released.
CREATE OR REPLACE FUNCTION bonus_release_waiting(p_budget bigint)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  waiting record;
  released integer := 0;
BEGIN
  FOR waiting IN
    SELECT a.user_id FROM accounts a JOIN users u ON u.id = a.user_id
    WHERE a.held > 0 AND u.closed_at IS NULL AND (u.kyc_approved_at IS NOT NULL OR u.role = 'AGENT')
    ORDER BY u.kyc_approved_at NULLS LAST, a.id
  LOOP
    EXIT WHEN bonus_release(waiting.user_id, p_budget) = 0;
    released := released + 1;
  END LOOP;
  RETURN released;
END;
$$;
