CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"search_id" uuid,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	"lift_reason" text,
	CONSTRAINT "legal_holds_one_target" CHECK (("legal_holds"."user_id" is null) <> ("legal_holds"."search_id" is null))
);
--> statement-breakpoint
CREATE TABLE "retention_purges" (
	"day" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"searches_purged" integer DEFAULT 0 NOT NULL,
	"versions_purged" integer DEFAULT 0 NOT NULL,
	"held_skipped" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "searches_history";--> statement-breakpoint
ALTER TABLE "sanctions_dataset_versions" ADD COLUMN "entities_checksum" text;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "hidden_by" uuid;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_search_id_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_holds_active_user" ON "legal_holds" USING btree ("user_id") WHERE "legal_holds"."lifted_at" is null and "legal_holds"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "legal_holds_active_search" ON "legal_holds" USING btree ("search_id") WHERE "legal_holds"."lifted_at" is null and "legal_holds"."search_id" is not null;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "searches_dataset_versions" ON "searches" USING gin (("results" -> 'datasetsUsed') jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "searches_history" ON "searches" USING btree ("user_id","created_at","id","search_term","entity_type","status","risk_level","review_status","hidden_at");--> statement-breakpoint
-- hand-written
-- The per-user count is the owner's history total: a hidden (deleted by its owner) search is counted out when it is
-- hidden, and a purge that removes it later does not count it out twice.
CREATE OR REPLACE FUNCTION search_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_counts SET count = search_counts.count - removed.count
    FROM (SELECT user_id, count(*) AS count FROM deleted_searches WHERE hidden_at IS NULL GROUP BY user_id) AS removed
    WHERE search_counts.user_id = removed.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION search_counts_hide() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_counts SET count = count - 1 WHERE user_id = NEW.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_hide AFTER UPDATE OF hidden_at ON searches
  FOR EACH ROW WHEN (OLD.hidden_at IS NULL AND NEW.hidden_at IS NOT NULL)
  EXECUTE FUNCTION search_counts_hide();
