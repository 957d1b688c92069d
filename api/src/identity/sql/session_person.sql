-- The person behind a live session, for every signed-in request (the API's authorize and the
-- money function alike): the session is not past its absolute end and not idle for longer than
-- p_idle_seconds. A use counts as activity when p_touch, written at most once a minute so that
-- a busy page does not write on every request. NULL when there is no such session.
CREATE OR REPLACE FUNCTION session_person(p_token_hash text, p_idle_seconds integer, p_touch boolean)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  session_id uuid;
  person uuid;
  seen timestamptz;
BEGIN
  SELECT s.id, s.user_id, s.last_seen_at INTO session_id, person, seen
  FROM sessions s
  WHERE s.token_hash = p_token_hash AND s.expires_at > clock_timestamp()
    AND s.last_seen_at > clock_timestamp() - make_interval(secs => p_idle_seconds);
  IF p_touch AND seen < clock_timestamp() - interval '1 minute' THEN
    UPDATE sessions SET last_seen_at = clock_timestamp() WHERE id = session_id;
  END IF;
  RETURN person;
END;
$$;
