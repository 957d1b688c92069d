-- The fee and the agent's commission of one movement, by the fee schedule (table fees; the
-- reasons for its defaults are in docs/decisions/ledger.md, "Fees"). A type with no row costs nothing.
--
-- p_payer is whoever pays the fee (movement_fee_payer): the payer, or a payment's merchant.
-- The fee is percent_bp basis points of the amount above the payer's free allowance of this
-- Asia/Dhaka month (free_monthly, counted as limits count: limit_usage), plus the fixed part, held
-- between the minimum and the maximum; a movement wholly within its allowance is free. On a
-- cash-out the agent earns agent_share_bp of the fee; on a cash-in (free to the person) the agent
-- earns agent_commission_bp of the amount, paid from the commission float (ledger_post: nothing
-- when the float cannot cover it). A schedule whose commissions could
-- pay more than the fees take is refused (fees_schedule_guard).
--
-- Rounding, in the wallet's favour and never the other way, so no rounding pays anyone: a fee
-- rounds up to the whole poisha, (x * bp + 9999) / 10000 in integers, and a commission rounds
-- down, (x * bp) / 10000 (x and bp are never negative). Half up, a cash-out of 0.27 Taka was
-- free and a cash-in of 1.25 Taka earned 0.8% (docs/decisions/ledger.md, "Fees"). The ledger
-- calls it under the wallets' locks, so the payer's allowance is read after their earlier
-- movements; the quote calls it to show the same figure before anyone confirms.
CREATE OR REPLACE FUNCTION movement_fee(
  p_type transaction_type, p_amount bigint, p_payer uuid, p_at timestamptz,
  OUT fee bigint, OUT commission bigint
) LANGUAGE plpgsql STABLE AS $$
DECLARE
  schedule fees;
  chargeable bigint := p_amount;
  used bigint;
BEGIN
  fee := 0;
  commission := 0;
  SELECT * INTO schedule FROM fees WHERE type = p_type;
  IF NOT FOUND THEN RETURN; END IF;
  IF schedule.free_monthly IS NOT NULL AND p_payer IS NOT NULL THEN
    used := (limit_usage(p_payer, p_type, true, p_at)).month_amount;
    chargeable := p_amount - least(p_amount, greatest(schedule.free_monthly - used, 0));
  END IF;
  IF chargeable > 0 AND (schedule.percent_bp > 0 OR schedule.fixed > 0 OR coalesce(schedule.minimum, 0) > 0) THEN
    fee := (chargeable * schedule.percent_bp + 9999) / 10000 + schedule.fixed;
    fee := greatest(fee, coalesce(schedule.minimum, 0));
    fee := least(fee, coalesce(schedule.maximum, fee));
  END IF;
  IF p_type = 'cash-out' THEN
    commission := (fee * schedule.agent_share_bp) / 10000;
  ELSIF p_type = 'cash-in' THEN
    commission := (p_amount * schedule.agent_commission_bp) / 10000;
  END IF;
END;
$$;
