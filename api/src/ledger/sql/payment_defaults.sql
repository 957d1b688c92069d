-- The payment movement's default rows (issue 45), written once: an admin's change stays (nothing
-- is written over a row that exists). Here, not in migration 0043, because that migration adds
-- 'payment' and 'MERCHANT' to their enums, and a value added to an enum cannot be read in the
-- transaction that added it (drizzle runs every pending migration in one); these files are applied
-- after the migrations commit (db/definitions.ts). The reasons for the figures are in
-- docs/decisions/merchants.md, "Fees and limits".
--
-- The merchant's fee (MDR): 1.00%, the bottom of Bangladesh Bank's 1.00%–1.15% band for Bangla QR.
INSERT INTO fees (type, percent_bp) VALUES ('payment', 100) ON CONFLICT (type) DO NOTHING;

-- Payments made, by the payer's tier (as transfers: 25,000 Taka each and a day, 1.5 lakh a month
-- with a verified email; 50,000 and 3 lakh once identity is approved); payments received by a
-- merchant: 5 lakh a day and 50 lakh a month, with a balance of at most 50 lakh.
INSERT INTO limits (holder, type, max_amount, daily_amount, monthly_amount, max_balance) VALUES
  ('EMAIL_VERIFIED', 'payment', 2500000, 2500000, 15000000, NULL),
  ('KYC_APPROVED', 'payment', 5000000, 5000000, 30000000, NULL),
  ('MERCHANT', 'payment', NULL, 50000000, 500000000, NULL),
  ('MERCHANT', NULL, NULL, NULL, NULL, 500000000)
ON CONFLICT ON CONSTRAINT limits_holder_type_key DO NOTHING;
