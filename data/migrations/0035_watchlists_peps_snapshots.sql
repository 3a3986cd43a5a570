CREATE TABLE "sanctions_index_snapshot_chunks" (
	"snapshot_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "sanctions_index_snapshot_chunks_snapshot_id_seq_pk" PRIMARY KEY("snapshot_id","seq")
);
--> statement-breakpoint
CREATE TABLE "sanctions_index_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"matcher_version" text NOT NULL,
	"checksum" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"chunk_count" integer NOT NULL,
	"entity_count" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_version_file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "sanctions_version_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "sanctions_version_files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "sanctions_entities" ADD COLUMN "pep" jsonb;--> statement-breakpoint
ALTER TABLE "sanctions_version_files" ADD COLUMN "byte_size" bigint;--> statement-breakpoint
ALTER TABLE "sanctions_index_snapshot_chunks" ADD CONSTRAINT "sanctions_index_snapshot_chunks_snapshot_id_sanctions_index_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."sanctions_index_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_version_file_chunks" ADD CONSTRAINT "sanctions_version_file_chunks_file_id_sanctions_version_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sanctions_version_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanctions_index_snapshots_fingerprint_matcher_version_index" ON "sanctions_index_snapshots" USING btree ("fingerprint","matcher_version");--> statement-breakpoint
ALTER TABLE "sanctions_datasets" ADD CONSTRAINT "sanctions_datasets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanctions_datasets_organisation_id_index" ON "sanctions_datasets" USING btree ("organisation_id");