ALTER TYPE "public"."audit_action" ADD VALUE 'link_google';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'verify_email';