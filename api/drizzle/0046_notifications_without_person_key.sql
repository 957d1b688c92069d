ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";
