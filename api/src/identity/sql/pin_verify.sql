-- A PIN offered for a person (its keyed hashes under each secret the API holds, by key id; null:
-- none offered), as a movement and a change of PIN check it. A refusal is returned, never
-- raised, so a wrong PIN stays counted whatever the caller's transaction does next:
-- PIN_NOT_SET, PIN_LOCKED (minutes left), PIN_REQUIRED, PIN_WRONG (tries left). The third wrong
-- PIN in a row locks it for an hour; the lock is audited (pin_lock, by the system: no admin) and
-- told with params.lockedNow, so the API mails the person. The count is kept in the person's row
-- (all instances share it), incremented under the row's lock, never past a lock taken meanwhile.
-- A right PIN clears the count and moves a hash made under an older secret to the current one.
CREATE OR REPLACE FUNCTION pin_verify(
  p_person users, p_keyed jsonb, p_current_key text, OUT refusal text, OUT refusal_params jsonb
) LANGUAGE plpgsql AS $$
DECLARE
  failures integer;
  locked_until timestamptz;
BEGIN
  IF p_person.pin_hash IS NULL THEN
    refusal := 'PIN_NOT_SET';
  ELSIF p_person.pin_locked_until > clock_timestamp() THEN
    refusal := 'PIN_LOCKED';
    refusal_params := jsonb_build_object('minutes',
      ceil(extract(epoch FROM p_person.pin_locked_until - clock_timestamp()) / 60)::integer);
  ELSIF p_keyed IS NULL THEN
    refusal := 'PIN_REQUIRED';
  ELSIF pin_digest(p_keyed ->> p_person.pin_key_id, p_person.id) IS DISTINCT FROM p_person.pin_hash THEN
    UPDATE users SET
      pin_failures = CASE WHEN users.pin_failures + 1 >= 3 THEN 0 ELSE users.pin_failures + 1 END,
      pin_locked_until = CASE WHEN users.pin_failures + 1 >= 3 THEN clock_timestamp() + interval '1 hour' END
    WHERE users.id = p_person.id
      AND (users.pin_locked_until IS NULL OR users.pin_locked_until <= clock_timestamp())
    RETURNING users.pin_failures, users.pin_locked_until INTO failures, locked_until;
    IF NOT FOUND THEN
      -- Locked by another wrong PIN while this one waited.
      refusal := 'PIN_LOCKED';
      refusal_params := jsonb_build_object('minutes', 60);
    ELSIF locked_until IS NOT NULL THEN
      INSERT INTO audit_log (action, admin_id, target_user_id) VALUES ('pin_lock', NULL, p_person.id);
      refusal := 'PIN_LOCKED';
      refusal_params := jsonb_build_object('minutes', 60, 'lockedNow', true, 'person', p_person.id);
    ELSE
      refusal := 'PIN_WRONG';
      refusal_params := jsonb_build_object('triesLeft', 3 - failures);
    END IF;
  ELSIF p_person.pin_failures > 0 OR p_person.pin_key_id <> p_current_key THEN
    -- Tidying, never waited for: when another request of the person holds the row (a movement of
    -- theirs still open), it is left to the next right PIN, and this movement goes on at once.
    UPDATE users SET pin_failures = 0,
      pin_hash = pin_digest(p_keyed ->> p_current_key, p_person.id), pin_key_id = p_current_key
    WHERE users.id = (SELECT held.id FROM users held WHERE held.id = p_person.id FOR UPDATE SKIP LOCKED);
  END IF;
END;
$$;
