DROP INDEX "remembered_clearances_live";--> statement-breakpoint
DROP INDEX "remembered_clearances_list";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "embed_tokens" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "members_see_team" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "four_eyes" boolean;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "require_two_factor" boolean;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "retention_years" integer;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_credit_cap" integer;--> statement-breakpoint
-- hand-written
-- Records move from the user to the organisation. Each record takes the organisation of the user it belongs to
-- (after 0022 every user is the only member of an organisation of their own, so each record stays visible to exactly
-- whom it was); a remembered clearance takes its owner's. organisation_id becomes NOT NULL once every row has it.
UPDATE "searches" AS r SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = r."user_id";
--> statement-breakpoint
UPDATE "batch_jobs" AS r SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = r."user_id";
--> statement-breakpoint
UPDATE "monitored_entities" AS r SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = r."user_id";
--> statement-breakpoint
UPDATE "api_keys" AS r SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = r."user_id";
--> statement-breakpoint
UPDATE "embed_tokens" AS r SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = r."user_id";
--> statement-breakpoint
UPDATE "webhooks" AS r SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = r."user_id";
--> statement-breakpoint
UPDATE "remembered_clearances" AS r SET "organisation_id" = u."organisation_id" FROM "users" AS u WHERE u."id" = r."owner_id";
--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "embed_tokens" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_jobs" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "monitored_entities" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "searches" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embed_tokens" ADD CONSTRAINT "embed_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_entities" ADD CONSTRAINT "monitored_entities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ADD CONSTRAINT "remembered_clearances_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_organisation_id_created_at_index" ON "api_keys" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "batch_jobs_organisation_id_created_at_index" ON "batch_jobs" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "monitored_entities_team" ON "monitored_entities" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "searches_team_history" ON "searches" USING btree ("organisation_id","created_at","id","user_id","search_term","entity_type","status","risk_level","review_status","hidden_at");--> statement-breakpoint
CREATE INDEX "searches_review_queue_team" ON "searches" USING btree ("organisation_id","created_at","id","review_status","risk_level","is_automated","batch_job_id","review_assignee_id") WHERE "searches"."review_status" in ('needs_review', 'escalated');--> statement-breakpoint
CREATE UNIQUE INDEX "remembered_clearances_live" ON "remembered_clearances" USING btree ("organisation_id","subject_key","entity_id") WHERE "remembered_clearances"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "remembered_clearances_list" ON "remembered_clearances" USING btree ("organisation_id","created_at","id");