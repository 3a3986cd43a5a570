ALTER TYPE "public"."user_role" ADD VALUE 'reviewer';--> statement-breakpoint
CREATE TABLE "hit_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"search_id" uuid NOT NULL,
	"hit_id" text NOT NULL,
	"hit_kind" text NOT NULL,
	"hit_label" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"remember" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_comment" text,
	"listing_fingerprint" text,
	"carried_from_id" uuid
);
--> statement-breakpoint
CREATE TABLE "remembered_clearances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"subject_key" text NOT NULL,
	"subject_name" text NOT NULL,
	"entity_type" "entity_type" NOT NULL,
	"dataset_id" text NOT NULL,
	"entity_id" text NOT NULL,
	"hit_kind" text NOT NULL,
	"listing_name" text NOT NULL,
	"listing_fingerprint" text NOT NULL,
	"decision_id" uuid,
	"search_id" uuid,
	"reason" text NOT NULL,
	"text" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"search_id" uuid NOT NULL,
	"author_id" uuid,
	"kind" text DEFAULT 'note' NOT NULL,
	"text" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "searches_history";--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "review_status" text DEFAULT 'no_hits' NOT NULL;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "open_hits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "review_assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "hit_decisions" ADD CONSTRAINT "hit_decisions_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hit_decisions" ADD CONSTRAINT "hit_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hit_decisions" ADD CONSTRAINT "hit_decisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ADD CONSTRAINT "remembered_clearances_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ADD CONSTRAINT "remembered_clearances_decision_id_hit_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."hit_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ADD CONSTRAINT "remembered_clearances_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ADD CONSTRAINT "remembered_clearances_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_clearances" ADD CONSTRAINT "remembered_clearances_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_notes" ADD CONSTRAINT "search_notes_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_notes" ADD CONSTRAINT "search_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hit_decisions_live" ON "hit_decisions" USING btree ("search_id","hit_id") WHERE "hit_decisions"."state" in ('proposed', 'decided', 'approved');--> statement-breakpoint
CREATE INDEX "hit_decisions_search" ON "hit_decisions" USING btree ("search_id","decided_at");--> statement-breakpoint
CREATE INDEX "hit_decisions_proposed" ON "hit_decisions" USING btree ("state","decided_at") WHERE "hit_decisions"."state" = 'proposed';--> statement-breakpoint
CREATE UNIQUE INDEX "remembered_clearances_live" ON "remembered_clearances" USING btree ("owner_id","subject_key","entity_id") WHERE "remembered_clearances"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "remembered_clearances_list" ON "remembered_clearances" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "search_notes_search" ON "search_notes" USING btree ("search_id","created_at");--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_review_assignee_id_users_id_fk" FOREIGN KEY ("review_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "searches_review_queue" ON "searches" USING btree ("created_at","id") WHERE "searches"."review_status" in ('needs_review', 'escalated');--> statement-breakpoint
CREATE INDEX "searches_review_queue_user" ON "searches" USING btree ("user_id","created_at","id") WHERE "searches"."review_status" in ('needs_review', 'escalated');--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_type","target_id","at");--> statement-breakpoint
CREATE INDEX "searches_history" ON "searches" USING btree ("user_id","created_at","id","search_term","entity_type","status","risk_level","review_status");--> statement-breakpoint
-- Searches screened before reviews existed: every flagged hit (sanctions hits, PEP listings, negative articles) is open.
UPDATE "searches" SET "open_hits" =
  jsonb_array_length(jsonb_path_query_array("results", '$.sanctionsList[*].hits[*]'))
  + jsonb_array_length(coalesce("results"->'pepListings', '[]'::jsonb))
  + jsonb_array_length(jsonb_path_query_array("results", '$.adverseMedia[*] ? (@.isNegative == true)'))
WHERE "status" = 'completed' AND jsonb_typeof("results") = 'object';--> statement-breakpoint
UPDATE "searches" SET "review_status" = 'needs_review' WHERE "open_hits" > 0;
