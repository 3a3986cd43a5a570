ALTER TABLE "daily_reports" DROP CONSTRAINT "daily_reports_reportDate_unique";--> statement-breakpoint
ALTER TABLE "daily_reports" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_reports_user" ON "daily_reports" USING btree ("user_id","report_date");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending" ON "webhook_deliveries" USING btree ("last_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_day_scope" UNIQUE NULLS NOT DISTINCT("report_date","user_id");