ALTER TYPE "public"."audit_action" ADD VALUE 'deployer_grant';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'deployer_revoke';--> statement-breakpoint
-- Tokens gain a name, areas, an expiry and a record of use. The unnamed ones go: the only one in
-- use is the site's own, which every start writes again (as the token named `startup`).
DROP TABLE "deploy_tokens";--> statement-breakpoint
CREATE TABLE "deploy_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"areas" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"created_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "deploy_tokens_areas_chk" CHECK (cardinality("deploy_tokens"."areas") > 0),
	CONSTRAINT "deploy_tokens_expiry_chk" CHECK (("deploy_tokens"."expires_at" is null) = ("deploy_tokens"."name" = 'startup')),
	CONSTRAINT "deploy_tokens_revoked_chk" CHECK (("deploy_tokens"."revoked_at" is null) = ("deploy_tokens"."revoked_by" is null))
);--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_tokens_token_hash_key" ON "deploy_tokens" USING btree ("token_hash") WHERE "deploy_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "deploy_tokens_active_name_key" ON "deploy_tokens" USING btree ("name") WHERE "deploy_tokens"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "origin" text DEFAULT 'self' NOT NULL;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "integrity" text;--> statement-breakpoint
-- Releases made by URL before: their origin, from the URL.
UPDATE "releases" SET "origin" = substring("manifest_url" from '^(https?://[^/]+)') WHERE "manifest_url" ~ '^https?://';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_deploy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deployer_admin_chk" CHECK (not "users"."can_deploy" or "users"."role" = 'ADMIN');--> statement-breakpoint
-- The first admin (the one the site was set up with) deploys; other admins are granted it.
UPDATE "users" SET "can_deploy" = true WHERE "id" = (SELECT "id" FROM "users" WHERE "role" = 'ADMIN' ORDER BY "created_at", "id" LIMIT 1);
