CREATE TYPE "public"."notification_kind" AS ENUM('money_received', 'money_sent', 'deposit', 'bonus', 'cash_in', 'cash_in_given', 'cash_out', 'cash_out_received', 'payment_made', 'payment_received', 'refund_received', 'refund_given', 'reversal_received', 'reversal_taken', 'request_paid', 'dispute_outcome', 'request_received', 'request_declined', 'pin_changed', 'new_device');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('push', 'mail');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('open', 'paid', 'declined', 'cancelled');--> statement-breakpoint
CREATE TABLE "known_devices" (
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "known_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "money_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"payer_id" uuid,
	"by_email" boolean NOT NULL,
	"delivered" boolean NOT NULL,
	"payer_label" text NOT NULL,
	"amount" bigint NOT NULL,
	"note" text,
	"status" "request_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"transaction_id" uuid,
	CONSTRAINT "money_requests_delivered_chk" CHECK ("money_requests"."payer_id" is not null or not "money_requests"."delivered"),
	CONSTRAINT "money_requests_amount_chk" CHECK ("money_requests"."amount" > 0),
	CONSTRAINT "money_requests_closed_chk" CHECK (("money_requests"."status" = 'open') = ("money_requests"."closed_at" is null) and ("money_requests"."status" = 'paid') = ("money_requests"."transaction_id" is not null)
          and ("money_requests"."status" not in ('paid', 'declined') or "money_requests"."delivered")),
	CONSTRAINT "money_requests_not_self_chk" CHECK ("money_requests"."payer_id" is distinct from "money_requests"."requester_id")
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" uuid NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"subscription_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "notification_outbox_channel_chk" CHECK (("notification_outbox"."channel" = 'push') = ("notification_outbox"."subscription_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"push" boolean NOT NULL,
	"mail" boolean NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"transaction_id" uuid,
	"request_id" uuid,
	"amount" bigint,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_amount_chk" CHECK ("notifications"."amount" is null or "notifications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_hash" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_blocks" (
	"payer_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "request_blocks_payer_id_requester_id_pk" PRIMARY KEY("payer_id","requester_id")
);
--> statement-breakpoint
CREATE TABLE "request_rules" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"per_day" integer NOT NULL,
	"expiry_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "request_rules_one_row_chk" CHECK ("request_rules"."id" = 1),
	CONSTRAINT "request_rules_shape_chk" CHECK ("request_rules"."min_amount" > 0 and "request_rules"."min_amount" <= "request_rules"."max_amount" and "request_rules"."per_day" > 0 and "request_rules"."expiry_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "unread_notifications" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unread_notifications" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_requests" ADD CONSTRAINT "money_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request_id_money_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."money_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_blocks" ADD CONSTRAINT "request_blocks_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_blocks" ADD CONSTRAINT "request_blocks_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_last_seen_idx" ON "known_devices" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "money_requests_requester_created_id_idx" ON "money_requests" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "money_requests_payer_created_id_idx" ON "money_requests" USING btree ("payer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_requests_transaction_key" ON "money_requests" USING btree ("transaction_id") WHERE "money_requests"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_notification_idx" ON "notification_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notification_outbox_subscription_idx" ON "notification_outbox" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_id_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING brin ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_unread_notifications_chk" CHECK ("accounts"."unread_notifications" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unread_notifications_chk" CHECK ("users"."unread_notifications" >= 0);--> statement-breakpoint
-- The live event carries the owner's unread notifications (sql/wallet_notify.sql defines it again).
DROP FUNCTION IF EXISTS "wallet_event"(uuid, uuid, uuid, bigint, bigint, boolean);--> statement-breakpoint
-- A transfer may pay a request (its requestId).
ALTER TYPE "movement_request" ADD ATTRIBUTE "request" uuid;--> statement-breakpoint
-- Request money's rules: Tk 100 to Tk 2,500 a request, 10 a day, open for 7 days (bKash's own).
INSERT INTO "request_rules" ("id", "min_amount", "max_amount", "per_day", "expiry_days") VALUES (1, 10000, 250000, 10, 7);
