CREATE TABLE "release_pages" (
	"release_id" uuid NOT NULL,
	"language" text NOT NULL,
	"page" text NOT NULL,
	"html" text NOT NULL,
	CONSTRAINT "release_pages_release_id_language_page_pk" PRIMARY KEY("release_id","language","page")
);
--> statement-breakpoint
ALTER TABLE "release_pages" ADD CONSTRAINT "release_pages_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;