-- What is stored of a wallet PIN: SHA-256 over the PIN's keyed hash (HMAC-SHA256 under
-- PIN_SECRET, computed by the API, which alone holds the secret) and the person's id, so equal
-- PINs of two people never look alike and the table alone cannot be guessed through: without
-- the secret, no PIN's keyed hash can be made. See docs/decisions/identity.md, "Wallet PIN".
-- STABLE, as convert_to is: so the planner inlines it into the statement that calls it rather
-- than planning it again at every call.
CREATE OR REPLACE FUNCTION pin_digest(p_keyed text, p_user uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(decode(p_keyed, 'hex') || convert_to(p_user::text, 'UTF8')), 'hex')
$$;
