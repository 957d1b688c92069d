ALTER TABLE "notifications" DROP CONSTRAINT "notifications_request_id_money_requests_id_fk";
