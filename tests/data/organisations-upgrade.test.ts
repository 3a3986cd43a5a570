/**
 * Migration 0022 on a database filled by the previous release: each existing user becomes the owner of an
 * organisation of their own (the user's id), named after their company, else their full name, else their email.
 */
import { afterAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { cleanup, MIGRATIONS, migrationsThrough, openBareDatabase, rowsOf } from "../helpers/previous-release.ts";

afterAll(cleanup);

test("every user of the previous release owns one organisation named after their company, name or email", async () => {
  const { db, migrate } = await openBareDatabase();
  await migrate(migrationsThrough(21));
  await db.execute(sql`
    insert into users (email, password, full_name, company, role, created_at) values
      ('acme@example.com', 'x', 'Ann Acme', 'Acme Trading', 'admin', now() - interval '3 days'),
      ('solo@example.com', 'x', 'Sam Solo', null, 'user', now() - interval '2 days'),
      ('blank@example.com', 'x', '  ', '  ', 'auditor', now() - interval '1 day')`);

  await migrate(MIGRATIONS);
  const rows = rowsOf<{ email: string; role: string; organisation_role: string; same_id: boolean; name: string; members: number; same_time: boolean }>(
    await db.execute(sql`
      select u.email, u.role, u.organisation_role, u.organisation_id = u.id as same_id, o.name, o.created_at = u.created_at as same_time,
             (select count(*)::int from users m where m.organisation_id = o.id) as members
      from users u join organisations o on o.id = u.organisation_id order by u.created_at`),
  );
  expect(rows).toEqual([
    { email: "acme@example.com", role: "admin", organisation_role: "owner", same_id: true, name: "Acme Trading", members: 1, same_time: true },
    { email: "solo@example.com", role: "user", organisation_role: "owner", same_id: true, name: "Sam Solo", members: 1, same_time: true },
    { email: "blank@example.com", role: "auditor", organisation_role: "owner", same_id: true, name: "blank@example.com", members: 1, same_time: true },
  ]);
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from organisations`));
  expect(n).toBe(3);
  // The columns are required from now on: a user without an organisation is refused.
  const late = async () => db.execute(sql`insert into users (email, password, full_name) values ('late@example.com', 'x', 'Late')`);
  await expect(late()).rejects.toThrow();
});
