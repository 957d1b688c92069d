CREATE TYPE "public"."staff_role" AS ENUM('OWNER', 'SUPPORT', 'COMPLIANCE', 'FINANCE', 'DEPLOYER');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'staff_invite';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'staff_join';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'staff_roles';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'staff_deactivate';--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"roles" "staff_role"[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "staff_invitations_roles_chk" CHECK (cardinality("staff_invitations"."roles") > 0),
	CONSTRAINT "staff_invitations_email_lower_chk" CHECK ("staff_invitations"."email" = lower("staff_invitations"."email")),
	CONSTRAINT "staff_invitations_accepted_chk" CHECK (("staff_invitations"."accepted_at" is null) = ("staff_invitations"."accepted_user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_roles" "staff_role"[] DEFAULT '{}'::staff_role[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_token_hash_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_waiting_email_key" ON "staff_invitations" USING btree ("email") WHERE "staff_invitations"."accepted_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_roles_admin_chk" CHECK (cardinality("users"."staff_roles") = 0 or "users"."role" = 'ADMIN');--> statement-breakpoint
-- Every admin could do everything until now: each keeps exactly that (every role but DEPLOYER,
-- which stays with whom it was granted to), so nobody loses access in the upgrade; an owner then
-- trims what each needs (docs/decisions/staff.md).
UPDATE "users" SET "staff_roles" = CASE WHEN "can_deploy"
    THEN ARRAY['OWNER', 'SUPPORT', 'COMPLIANCE', 'FINANCE', 'DEPLOYER']::staff_role[]
    ELSE ARRAY['OWNER', 'SUPPORT', 'COMPLIANCE', 'FINANCE']::staff_role[] END
  WHERE "role" = 'ADMIN';
