CREATE INDEX "cases_overdue" ON "cases" USING btree ("organisation_id","due_at") WHERE "cases"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "cases_tags" ON "cases" USING gin ("tags");