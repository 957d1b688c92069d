ALTER TYPE "public"."audit_action" ADD VALUE 'merchant_approve';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'merchant_reject';--> statement-breakpoint
CREATE TABLE "merchant_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "kyc_status" DEFAULT 'pending' NOT NULL,
	"business_name" text NOT NULL,
	"business_name_bn" text NOT NULL,
	"category" text NOT NULL,
	"city" text NOT NULL,
	"city_bn" text NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "merchant_applications_decided_chk" CHECK (("merchant_applications"."status" = 'pending') = ("merchant_applications"."decided_at" is null) and ("merchant_applications"."status" = 'pending') = ("merchant_applications"."reason" is null)),
	CONSTRAINT "merchant_applications_category_chk" CHECK ("merchant_applications"."category" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_bn" text NOT NULL,
	"category" text NOT NULL,
	"city" text NOT NULL,
	"city_bn" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "merchants_category_chk" CHECK ("merchants"."category" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_applications" ADD CONSTRAINT "merchant_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_application_id_merchant_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."merchant_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_applications_one_pending_key" ON "merchant_applications" USING btree ("user_id") WHERE "merchant_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "merchant_applications_status_requested_id_idx" ON "merchant_applications" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "merchant_applications_user_requested_idx" ON "merchant_applications" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_user_id_key" ON "merchants" USING btree ("user_id");