/**
 * Migration 0003 on a database that already has ledger rows: the descriptions the app wrote itself in English get
 * their code (so screens translate them), a search charge its term, and anything else (an admin's note) stays text.
 */
import { afterAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { cleanup, MIGRATIONS, migrationsThrough, openBareDatabase } from "../helpers/previous-release.ts";

afterAll(cleanup);

test("rows written before the codes get them; free text stays as written", async () => {
  const { db, migrate } = await openBareDatabase();
  await migrate(migrationsThrough(2));
  await db.execute(sql`insert into users (email, password, full_name) values ('old@example.com', 'x', 'Old Rows')`);
  await db.execute(sql`
    insert into credit_transactions (user_id, type, amount, balance, description, created_at)
    select id, t.type::credit_transaction_type, t.amount, t.balance, t.description, now() - t.age * interval '1 day'
    from users, (values
      ('credit_bonus', 25, 25, 'Welcome credits', 5),
      ('admin_credit', 100, 125, 'Added from the command line', 4),
      ('manual_search', -10, 115, 'Manual search: Acme: Trading Ltd', 3),
      ('automatic_search', -1, 114, 'Automatic search: Jean Dupont', 2),
      ('admin_credit', 5, 119, 'Invoice 7', 1)
    ) as t(type, amount, balance, description, age)`);

  await migrate(MIGRATIONS);
  const result = await db.execute<{ description: string; description_code: string | null; description_params: unknown }>(
    sql`select description, description_code, description_params from credit_transactions order by created_at`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
  expect(rows).toEqual([
    { description: "Welcome credits", description_code: "welcome", description_params: null },
    { description: "Added from the command line", description_code: "cli_credit", description_params: null },
    { description: "Manual search: Acme: Trading Ltd", description_code: "search", description_params: { searchTerm: "Acme: Trading Ltd" } },
    { description: "Automatic search: Jean Dupont", description_code: "search", description_params: { searchTerm: "Jean Dupont" } },
    { description: "Invoice 7", description_code: null, description_params: null },
  ]);
});
