-- Why a fee schedule could pay an agent and a person together more than its fees take from them
-- (NULL: it cannot), as the contracts' feeScheduleRefusal says it (shared/src/contracts/fees.ts;
-- api/test/fees.test.ts holds the two together over random schedules). A cash-in's commission
-- (agent_commission_bp of the amount) must be at most what a cash-out's fee keeps after the
-- agent's share (percent_bp * (1 - agent_share_bp)); and while commissions are paid, no cash-out
-- is free (free_monthly) or capped (maximum). A missing row is a free movement.
CREATE OR REPLACE FUNCTION fee_schedule_refusal(cash_in fees, cash_out fees) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN coalesce(cash_in.agent_commission_bp, 0) = 0 THEN NULL
    WHEN cash_in.agent_commission_bp::bigint * 10000
         > coalesce(cash_out.percent_bp, 0)::bigint * (10000 - coalesce(cash_out.agent_share_bp, 0))
      THEN 'COMMISSION_ABOVE_FEE'
    WHEN cash_out.free_monthly IS NOT NULL THEN 'FREE_CASH_OUT_WITH_COMMISSION'
    WHEN cash_out.maximum IS NOT NULL THEN 'CAPPED_CASH_OUT_WITH_COMMISSION'
  END
$$;
