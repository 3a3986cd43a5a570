ALTER TABLE "monitored_entities" ADD COLUMN "check_trigger" text;--> statement-breakpoint
ALTER TABLE "sanctions_dataset_versions" ADD COLUMN "monitoring_matched_at" timestamp with time zone;--> statement-breakpoint
-- Versions stored before this reaction existed are not matched again: monitoring reacts to the lists' next updates.
UPDATE "sanctions_dataset_versions" SET "monitoring_matched_at" = now();
