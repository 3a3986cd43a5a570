DROP INDEX "sanctions_entities_version_id_index";--> statement-breakpoint
ALTER TABLE "sanctions_entities" DROP CONSTRAINT "sanctions_entities_pkey";--> statement-breakpoint
ALTER TABLE "sanctions_entities" ALTER COLUMN "id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "sanctions_entities" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sanctions_entities" ADD CONSTRAINT "sanctions_entities_version_id_id_pk" PRIMARY KEY("version_id","id");--> statement-breakpoint
ALTER TABLE "sanctions_dataset_versions" ADD COLUMN "content_hash" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "sanctions_dataset_versions" ALTER COLUMN "content_hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sanctions_dataset_versions" ADD COLUMN "origin" text NOT NULL DEFAULT 'download';--> statement-breakpoint
ALTER TABLE "sanctions_dataset_versions" ALTER COLUMN "origin" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD COLUMN "urls" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD COLUMN "download_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD COLUMN "custom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sanctions_version_files" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "sanctions_version_files" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "sanctions_version_files" ADD COLUMN "last_modified" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_dataset_versions_one_current" ON "sanctions_dataset_versions" USING btree ("dataset_id") WHERE "sanctions_dataset_versions"."is_current";--> statement-breakpoint
CREATE INDEX "sanctions_version_files_version_id_index" ON "sanctions_version_files" USING btree ("version_id");--> statement-breakpoint
ALTER TABLE "sanctions_datasets" DROP COLUMN "url";--> statement-breakpoint
ALTER TABLE "sanctions_datasets" DROP COLUMN "etag";--> statement-breakpoint
ALTER TABLE "sanctions_datasets" DROP COLUMN "last_modified";