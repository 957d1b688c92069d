ALTER TYPE "public"."audit_action" ADD VALUE 'pin_lock';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'pin_unlock';--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "admin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_key_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_chk" CHECK (("audit_log"."action"::text = 'pin_lock') = ("audit_log"."admin_id" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pin_chk" CHECK (("users"."pin_hash" is null) = ("users"."pin_key_id" is null) and ("users"."pin_hash" is null) = ("users"."pin_set_at" is null)
          and "users"."pin_failures" between 0 and 3);--> statement-breakpoint
-- A movement that takes money out of a wallet carries the PIN's keyed hashes (sql/ledger_move.sql).
DROP FUNCTION IF EXISTS "ledger_move"(transaction_type, role, text, integer, uuid, bigint, text, text);
--> statement-breakpoint
-- Names that hold invisible format characters (bidi overrides and isolates, zero-width ones,
-- line and paragraph separators): new names refuse them, and screens show these ones with the
-- characters made visible. The view lists them for the operator; the migration says how many.
CREATE VIEW "names_with_format_characters" AS
  SELECT "id", "role", "name", "created_at" FROM "users"
  WHERE "name" ~ '[\u00AD\u0600-\u0605\u061C\u06DD\u070F\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]';--> statement-breakpoint
DO $$
DECLARE
  found integer;
BEGIN
  SELECT count(*) INTO found FROM "names_with_format_characters";
  RAISE NOTICE '% existing name(s) hold format characters (view names_with_format_characters)', found;
END;
$$;
