-- Whose limits a person lives under (the table limits, and LIMIT_HOLDERS in
-- shared/src/contracts/limits.ts): agents hold float and have their own row; a person's
-- verification tier otherwise. Each arm a constant of the type (a cast of the CASE's text would be
-- a STABLE conversion), so the planner inlines it rather than planning it at every call.
CREATE OR REPLACE FUNCTION limit_holder(p_role role, p_email_verified_at timestamptz, p_kyc_approved_at timestamptz)
RETURNS limit_holder LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_role = 'AGENT' THEN 'AGENT'::limit_holder
    WHEN p_kyc_approved_at IS NOT NULL THEN 'KYC_APPROVED'::limit_holder
    WHEN p_email_verified_at IS NOT NULL THEN 'EMAIL_VERIFIED'::limit_holder
    ELSE 'UNVERIFIED'::limit_holder
  END
$$;
