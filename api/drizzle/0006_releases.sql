CREATE TABLE "deploy_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_releases" (
	"area" text PRIMARY KEY NOT NULL,
	"release_id" uuid NOT NULL,
	"switched_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"switched_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_switches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area" text NOT NULL,
	"from_release_id" uuid,
	"to_release_id" uuid NOT NULL,
	"switched_by" text NOT NULL,
	"switched_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area" text NOT NULL,
	"version" text NOT NULL,
	"manifest_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_releases" ADD CONSTRAINT "live_releases_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_switches" ADD CONSTRAINT "release_switches_from_release_id_releases_id_fk" FOREIGN KEY ("from_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_switches" ADD CONSTRAINT "release_switches_to_release_id_releases_id_fk" FOREIGN KEY ("to_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_switches_area_idx" ON "release_switches" USING btree ("area","switched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_area_version_key" ON "releases" USING btree ("area","version");--> statement-breakpoint
CREATE INDEX "releases_area_created_idx" ON "releases" USING btree ("area","created_at");