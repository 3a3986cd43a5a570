ALTER TABLE "sanctions_datasets" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD COLUMN "last_failure_kind" text;--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD COLUMN "network_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD COLUMN "next_download_at" timestamp with time zone;