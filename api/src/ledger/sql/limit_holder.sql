-- Whose limits a person lives under (the table limits, and LIMIT_HOLDERS in
-- shared/src/contracts/limits.ts): agents hold float and have their own row; a person's
-- verification tier otherwise.
CREATE OR REPLACE FUNCTION limit_holder(p_role role, p_email_verified_at timestamptz, p_kyc_approved_at timestamptz)
RETURNS limit_holder LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_role = 'AGENT' THEN 'AGENT'
    WHEN p_kyc_approved_at IS NOT NULL THEN 'KYC_APPROVED'
    WHEN p_email_verified_at IS NOT NULL THEN 'EMAIL_VERIFIED'
    ELSE 'UNVERIFIED'
  END::limit_holder
$$;
