-- Every ended session (signed out, revoked by an admin's access change, a password reset,
-- expired and swept, or gone with its user) is announced on the live-notification channel,
-- so each app instance closes that session's open notification streams. A trigger, not the
-- callers: better-auth's own deletes, our transactions and foreign-key cascades all pass here.
-- Delivered on commit, like every other signal on the channel.
CREATE FUNCTION "session_ended_signal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', json_build_object('userId', OLD."user_id", 'kind', 'session-ended', 'id', OLD."id")::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_ended_signal"
  AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "session_ended_signal"();
