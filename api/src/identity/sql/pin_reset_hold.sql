-- How long money cannot leave a wallet after its forgotten PIN was reset with a mailed code
-- (users.pin_reset_at): long enough for the owner to see the mail and stop a thief who holds the
-- password and the mailbox. The one place the hold is written in the database; the contracts'
-- PIN_RESET_HOLD_HOURS says it to people, and pin.test.ts holds the two together.
CREATE OR REPLACE FUNCTION pin_reset_hold() RETURNS interval
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT interval '24 hours' $$;
