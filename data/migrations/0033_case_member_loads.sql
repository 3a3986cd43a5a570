CREATE TABLE "case_member_loads" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"open_cases" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "case_member_loads_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
-- hand-written
-- Each statement on cases moves the counts of the members whose open cases it changed: +1 for a row that is open and
-- assigned after it, -1 for one that was before. Applied in one upsert ordered by organisation and member, so every
-- writer locks the counters in the same order. A statement that changes no assignee and no status (a version bump)
-- moves nothing.
CREATE FUNCTION case_member_loads_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO case_member_loads AS l (organisation_id, user_id, open_cases)
      SELECT organisation_id, assignee_id, count(*) FROM new_rows
        WHERE assignee_id IS NOT NULL AND status <> 'closed' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (organisation_id, user_id) DO UPDATE SET open_cases = l.open_cases + excluded.open_cases;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO case_member_loads AS l (organisation_id, user_id, open_cases)
      SELECT organisation_id, user_id, sum(delta) FROM (
        SELECT organisation_id, assignee_id AS user_id, 1 AS delta FROM new_rows WHERE assignee_id IS NOT NULL AND status <> 'closed'
        UNION ALL
        SELECT organisation_id, assignee_id, -1 FROM old_rows WHERE assignee_id IS NOT NULL AND status <> 'closed'
      ) AS moved GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (organisation_id, user_id) DO UPDATE SET open_cases = l.open_cases + excluded.open_cases;
  ELSE
    INSERT INTO case_member_loads AS l (organisation_id, user_id, open_cases)
      SELECT organisation_id, assignee_id, -count(*) FROM old_rows
        WHERE assignee_id IS NOT NULL AND status <> 'closed' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (organisation_id, user_id) DO UPDATE SET open_cases = l.open_cases + excluded.open_cases;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER case_member_loads_insert AFTER INSERT ON cases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_member_loads_apply();
--> statement-breakpoint
CREATE TRIGGER case_member_loads_update AFTER UPDATE ON cases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_member_loads_apply();
--> statement-breakpoint
CREATE TRIGGER case_member_loads_delete AFTER DELETE ON cases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION case_member_loads_apply();
--> statement-breakpoint
-- The counts of the cases already there, once.
INSERT INTO case_member_loads (organisation_id, user_id, open_cases)
  SELECT organisation_id, assignee_id, count(*) FROM cases WHERE assignee_id IS NOT NULL AND status <> 'closed' GROUP BY 1, 2;
