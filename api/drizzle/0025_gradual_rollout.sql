ALTER TYPE "public"."audit_action" ADD VALUE 'release_auto_rollback';--> statement-breakpoint
CREATE TABLE "release_stats" (
	"release_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_stats_release_id_minute_pk" PRIMARY KEY("release_id","minute"),
	CONSTRAINT "release_stats_counts_chk" CHECK ("release_stats"."views" >= 0 and "release_stats"."errors" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_chk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_subject_chk";--> statement-breakpoint
ALTER TABLE "live_releases" ADD COLUMN "previous_release_id" uuid;--> statement-breakpoint
ALTER TABLE "live_releases" ADD COLUMN "candidate_release_id" uuid;--> statement-breakpoint
ALTER TABLE "live_releases" ADD COLUMN "candidate_audience" text;--> statement-breakpoint
ALTER TABLE "live_releases" ADD COLUMN "candidate_share" smallint;--> statement-breakpoint
ALTER TABLE "live_releases" ADD COLUMN "candidate_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_releases" ADD COLUMN "candidate_by" text;--> statement-breakpoint
ALTER TABLE "release_switches" ADD COLUMN "kind" text DEFAULT 'switch' NOT NULL;--> statement-breakpoint
ALTER TABLE "release_switches" ADD COLUMN "share" smallint;--> statement-breakpoint
ALTER TABLE "release_stats" ADD CONSTRAINT "release_stats_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each area's release live before, from its last switch of the live release.
UPDATE "live_releases" l SET "previous_release_id" = (
  SELECT s."from_release_id" FROM "release_switches" s
  WHERE s."area" = l."area" AND s."to_release_id" = l."release_id" ORDER BY s."switched_at" DESC LIMIT 1);--> statement-breakpoint
ALTER TABLE "live_releases" ADD CONSTRAINT "live_releases_previous_release_id_releases_id_fk" FOREIGN KEY ("previous_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_releases" ADD CONSTRAINT "live_releases_candidate_release_id_releases_id_fk" FOREIGN KEY ("candidate_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_chk" CHECK (("audit_log"."action"::text in ('pin_lock', 'release_auto_rollback')) = ("audit_log"."admin_id" is null));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_chk" CHECK (case when "audit_log"."action"::text in ('limit_change', 'fee_change') then "audit_log"."target_user_id" is null and "audit_log"."change" is not null
               when "audit_log"."action"::text = 'release_auto_rollback' then "audit_log"."target_user_id" is null and "audit_log"."reason" is not null
               else "audit_log"."target_user_id" is not null and "audit_log"."change" is null end);--> statement-breakpoint
ALTER TABLE "live_releases" ADD CONSTRAINT "live_releases_candidate_chk" CHECK (case when "live_releases"."candidate_release_id" is null
            then "live_releases"."candidate_audience" is null and "live_releases"."candidate_share" is null and "live_releases"."candidate_since" is null and "live_releases"."candidate_by" is null
            else "live_releases"."candidate_release_id" <> "live_releases"."release_id" and "live_releases"."candidate_since" is not null and "live_releases"."candidate_by" is not null
                 and (("live_releases"."candidate_audience" = 'share' and "live_releases"."candidate_share" between 1 and 99)
                      or ("live_releases"."candidate_audience" = 'admins' and "live_releases"."candidate_share" is null)) end);--> statement-breakpoint
ALTER TABLE "release_switches" ADD CONSTRAINT "release_switches_kind_chk" CHECK ("release_switches"."kind" in ('switch', 'rollout', 'promote', 'rollback', 'auto_rollback')
          and ("release_switches"."share" is null or ("release_switches"."kind" = 'rollout' and "release_switches"."share" between 1 and 99)));