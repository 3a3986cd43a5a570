DROP INDEX "credit_transactions_user_id_created_at_index";--> statement-breakpoint
DROP INDEX "searches_user_id_created_at_index";--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "description_code" text;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD COLUMN "description_params" jsonb;--> statement-breakpoint
CREATE INDEX "credit_transactions_user_id_created_at_id_index" ON "credit_transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "searches_user_id_created_at_id_index" ON "searches" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- Rows written before descriptions had codes: the texts the app itself wrote get their code, so screens translate them too.
UPDATE "credit_transactions" SET "description_code" = 'welcome' WHERE "description" = 'Welcome credits' AND "type" = 'credit_bonus';--> statement-breakpoint
UPDATE "credit_transactions" SET "description_code" = 'cli_credit' WHERE "description" = 'Added from the command line' AND "type" = 'admin_credit';--> statement-breakpoint
UPDATE "credit_transactions" SET "description_code" = 'search', "description_params" = jsonb_build_object('searchTerm', substr("description", strpos("description", ': ') + 2))
  WHERE "type" IN ('manual_search', 'automatic_search') AND ("description" LIKE 'Manual search: %' OR "description" LIKE 'Automatic search: %');
