CREATE TABLE "release_network_stats" (
	"release_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"network" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_network_stats_release_id_minute_network_pk" PRIMARY KEY("release_id","minute","network"),
	CONSTRAINT "release_network_stats_counts_chk" CHECK ("release_network_stats"."views" >= 0 and "release_network_stats"."errors" >= 0)
);
--> statement-breakpoint
ALTER TABLE "release_network_stats" ADD CONSTRAINT "release_network_stats_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;