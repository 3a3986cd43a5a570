ALTER TABLE "daily_reports" DROP CONSTRAINT "daily_reports_day_scope";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_organisation" ON "audit_log" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "daily_reports_organisation" ON "daily_reports" USING btree ("organisation_id","report_date");--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_day_scope" UNIQUE NULLS NOT DISTINCT("report_date","organisation_id","user_id");--> statement-breakpoint
ALTER TABLE "daily_reports" ADD CONSTRAINT "daily_reports_one_scope" CHECK ("daily_reports"."user_id" is null or "daily_reports"."organisation_id" is null);--> statement-breakpoint
-- hand-written
-- The organisation an audit entry belongs to: the organisation of the record it is about (a user, a search, a batch,
-- a monitored entity, a key, a clearance, a webhook or the organisation itself), else the organisation of the member
-- who acted, unless that actor is the instance's staff (admin, reviewer, auditor): their entries about the instance's
-- own things (settings, datasets) stay the instance's. In the database, as the hash chain is, so every writer (the
-- server, the CLI, psql) files its entries the same way, and the upgrade files the old ones by the same rule.
CREATE FUNCTION audit_log_organisation_of(p_target_type text, p_target_id text, p_actor_user_id uuid) RETURNS uuid
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  target uuid;
  found uuid;
BEGIN
  IF p_target_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    target := p_target_id::uuid;
    CASE p_target_type
      WHEN 'organisation' THEN SELECT o.id INTO found FROM organisations o WHERE o.id = target;
      WHEN 'user' THEN SELECT u.organisation_id INTO found FROM users u WHERE u.id = target;
      WHEN 'search' THEN SELECT s.organisation_id INTO found FROM searches s WHERE s.id = target;
      WHEN 'batch', 'batch_job' THEN SELECT b.organisation_id INTO found FROM batch_jobs b WHERE b.id = target;
      WHEN 'monitored_entity' THEN SELECT m.organisation_id INTO found FROM monitored_entities m WHERE m.id = target;
      WHEN 'api_key' THEN SELECT k.organisation_id INTO found FROM api_keys k WHERE k.id = target;
      WHEN 'clearance' THEN SELECT c.organisation_id INTO found FROM remembered_clearances c WHERE c.id = target;
      WHEN 'webhook' THEN SELECT w.organisation_id INTO found FROM webhooks w WHERE w.id = target;
      ELSE found := NULL;
    END CASE;
  END IF;
  IF found IS NULL AND p_actor_user_id IS NOT NULL THEN
    SELECT u.organisation_id INTO found FROM users u WHERE u.id = p_actor_user_id AND u.role = 'user';
  END IF;
  RETURN found;
END
$$;
--> statement-breakpoint
-- Files each new entry that does not name its organisation. Not part of the entry's hash (audit_log_entry_hash is
-- unchanged): the chain of every entry written before this release verifies as it did.
CREATE FUNCTION audit_log_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organisation_id IS NULL THEN
    NEW.organisation_id := audit_log_organisation_of(NEW.target_type, NEW.target_id, NEW.actor_user_id);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_file BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_file();
--> statement-breakpoint
-- The entries written before: filed once by the same rule (the append-only trigger is lifted for this one update,
-- which touches no hashed column).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
UPDATE audit_log SET organisation_id = audit_log_organisation_of(target_type, target_id, actor_user_id);
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
