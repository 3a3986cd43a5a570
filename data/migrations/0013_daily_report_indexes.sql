CREATE INDEX "credit_transactions_created" ON "credit_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "searches_created" ON "searches" USING btree ("created_at");