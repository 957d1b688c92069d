-- Cash-outs start at 50 Taka for the verified tiers, as bKash's do (issue 42): below it a
-- cash-out's fee rounds to a poisha or two, and an agent's time is worth more than that. The
-- limits table's min_amount and its refusal (AMOUNT_BELOW_MINIMUM) already exist; an operator's
-- own minimum, if one was set, stays. Unverified people cannot cash out at all, and agents take
-- cash-outs rather than make them. Deposits, transfers and cash-ins keep the spec's "greater than 0".
UPDATE "limits" SET "min_amount" = 5000, "updated_at" = clock_timestamp()
WHERE "type" = 'cash-out' AND "holder" IN ('EMAIL_VERIFIED', 'KYC_APPROVED') AND "min_amount" IS NULL;
