CREATE TABLE "search_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_counts" ADD CONSTRAINT "search_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept in the same transaction as every insert and delete of a search, so the count is never off.
CREATE FUNCTION search_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_counts (user_id, count) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET count = search_counts.count + 1;
    RETURN NEW;
  END IF;
  UPDATE search_counts SET count = count - 1 WHERE user_id = OLD.user_id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_follow AFTER INSERT OR DELETE ON searches
  FOR EACH ROW EXECUTE FUNCTION search_counts_follow();
--> statement-breakpoint
INSERT INTO search_counts (user_id, count) SELECT user_id, count(*) FROM searches GROUP BY user_id;
