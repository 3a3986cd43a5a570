-- The per-user search count follows inserts and deletes once per statement, not once per row: a batch inserts
-- thousands of searches in one transaction, and updating the same count row once per row made each insert slower
-- than the one before (every update leaves a row version the next one must step over until the transaction ends).
DROP TRIGGER search_counts_follow ON searches;
--> statement-breakpoint
DROP FUNCTION search_counts_follow();
--> statement-breakpoint
CREATE FUNCTION search_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_counts (user_id, count)
    SELECT user_id, count(*) FROM inserted_searches GROUP BY user_id
    ON CONFLICT (user_id) DO UPDATE SET count = search_counts.count + excluded.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION search_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_counts SET count = search_counts.count - removed.count
    FROM (SELECT user_id, count(*) AS count FROM deleted_searches GROUP BY user_id) AS removed
    WHERE search_counts.user_id = removed.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_counts_add AFTER INSERT ON searches
  REFERENCING NEW TABLE AS inserted_searches
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_add();
--> statement-breakpoint
CREATE TRIGGER search_counts_remove AFTER DELETE ON searches
  REFERENCING OLD TABLE AS deleted_searches
  FOR EACH STATEMENT EXECUTE FUNCTION search_counts_remove();
