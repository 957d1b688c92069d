ALTER TYPE "public"."audit_action" ADD VALUE 'pin_set' BEFORE 'fee_change';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'pin_change' BEFORE 'fee_change';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'pin_reset' BEFORE 'fee_change';--> statement-breakpoint
CREATE TABLE "pin_reset_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pin_reset_codes" ADD CONSTRAINT "pin_reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;