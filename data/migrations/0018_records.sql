ALTER TYPE "public"."user_role" ADD VALUE 'auditor';--> statement-breakpoint
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
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_id" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
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
CREATE UNIQUE INDEX "audit_log_chain_seq" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
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
--> statement-breakpoint
-- hand-written
-- The hash of one audit entry: SHA-256 (built into PostgreSQL 11+ and PGlite, unlike pgcrypto) of the previous
-- entry's hash followed by the entry's canonical JSON. jsonb prints its keys in one fixed order (shorter keys first,
-- then bytewise) and the time to the microsecond in UTC, so the same content always gives the same text.
CREATE FUNCTION audit_log_entry_hash(prev_hash text, at timestamptz, actor_user_id uuid, actor_kind text, action text,
  target_type text, target_id text, ip_address text, details jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(prev_hash, '') || jsonb_build_object(
    'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'actorUserId', actor_user_id,
    'actorKind', actor_kind,
    'action', action,
    'targetType', target_type,
    'targetId', target_id,
    'ipAddress', ip_address,
    'details', details)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Links each new entry to the last one. The transaction-scoped advisory lock is held until commit, so writers in every
-- process take turns and each sees the entry linked before it (a new snapshot per statement in READ COMMITTED): one
-- chain, never a fork. The id comes from a sequence and may disagree with commit order, so the chain has its own order.
CREATE FUNCTION audit_log_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_id bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7412023);
  SELECT chain_seq, id, hash INTO last_seq, last_id, last_hash FROM audit_log WHERE chain_seq IS NOT NULL
    ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_id := last_id;
  NEW.hash := audit_log_entry_hash(last_hash, NEW.at, NEW.actor_user_id, NEW.actor_kind, NEW.action, NEW.target_type,
    NEW.target_id, NEW.ip_address, NEW.details);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Entries written before the chain existed are linked in id order, once.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  seq bigint := 0;
  last_id bigint;
  last_hash text;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    seq := seq + 1;
    last_hash := audit_log_entry_hash(last_hash, r.at, r.actor_user_id, r.actor_kind, r.action, r.target_type, r.target_id,
      r.ip_address, r.details);
    UPDATE audit_log SET chain_seq = seq, prev_id = last_id, hash = last_hash WHERE id = r.id;
    last_id := r.id;
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_log_link BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_link();
