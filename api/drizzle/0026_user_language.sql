ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language_chosen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_chk" CHECK (("users"."language" is null or "users"."language" in ('en', 'bn')) and ("users"."language" is null) = ("users"."language_chosen_at" is null));