CREATE TYPE "public"."organisation_role" AS ENUM('owner', 'admin', 'analyst', 'reviewer', 'auditor');--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "organisation_role" "organisation_role";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "removed_from_organisation_at" timestamp with time zone;--> statement-breakpoint
-- hand-written
-- Every user of the previous release becomes the owner of an organisation of their own, named after their company
-- (else their full name, else their email). The organisation takes the user's id, so the upgrade is deterministic,
-- and its creation time is the user's. The columns become NOT NULL only once every row has its organisation.
INSERT INTO "organisations" ("id", "name", "created_at")
SELECT "id", coalesce(nullif(btrim("company"), ''), nullif(btrim("full_name"), ''), "email"), "created_at" FROM "users";
--> statement-breakpoint
UPDATE "users" SET "organisation_id" = "id", "organisation_role" = 'owner';
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "organisation_role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_organisation_id_created_at_id_index" ON "users" USING btree ("organisation_id","created_at","id");