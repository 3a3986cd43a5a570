/**
 * Migration 0023 on a database filled by the previous release: credits move from each user to their organisation
 * (after 0022 each organisation has one member with the same id), and each ledger row takes its member's
 * organisation, with every amount and balance as it was.
 */
import { afterAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { cleanup, MIGRATIONS, migrationsThrough, openBareDatabase, rowsOf } from "../helpers/previous-release.ts";

afterAll(cleanup);

test("each user's balance becomes their organisation's and every ledger row names the organisation, amounts unchanged", async () => {
  const { db, migrate } = await openBareDatabase();
  await migrate(migrationsThrough(22));
  // As the previous release left them: each user owns the organisation with their id, and holds the credits.
  await db.execute(sql`
    insert into organisations (id, name) values
      ('00000000-0000-4000-8000-00000000000a', 'Acme'),
      ('00000000-0000-4000-8000-00000000000b', 'Solo'),
      ('00000000-0000-4000-8000-00000000000c', 'Admin')`);
  await db.execute(sql`
    insert into users (id, email, password, full_name, role, credits, organisation_id, organisation_role) values
      ('00000000-0000-4000-8000-00000000000a', 'acme@example.com', 'x', 'Ann Acme', 'user', 115, '00000000-0000-4000-8000-00000000000a', 'owner'),
      ('00000000-0000-4000-8000-00000000000b', 'solo@example.com', 'x', 'Sam Solo', 'user', 0, '00000000-0000-4000-8000-00000000000b', 'owner'),
      ('00000000-0000-4000-8000-00000000000c', 'admin@example.com', 'x', 'Ada Admin', 'admin', 25, '00000000-0000-4000-8000-00000000000c', 'owner')`);
  await db.execute(sql`
    insert into credit_transactions (user_id, type, amount, balance, description, external_ref, created_at) values
      ('00000000-0000-4000-8000-00000000000a', 'credit_bonus', 25, 25, 'Welcome', 'welcome:00000000-0000-4000-8000-00000000000a', now() - interval '3 days'),
      ('00000000-0000-4000-8000-00000000000a', 'credit_purchase', 100, 125, 'Purchase of 100 credits', 'pi_1', now() - interval '2 days'),
      ('00000000-0000-4000-8000-00000000000a', 'manual_search', -10, 115, 'Search: Viktor Petrov', null, now() - interval '1 day'),
      ('00000000-0000-4000-8000-00000000000b', 'credit_bonus', 25, 25, 'Welcome', null, now() - interval '3 days'),
      ('00000000-0000-4000-8000-00000000000b', 'manual_search', -25, 0, 'Search: Acme', null, now() - interval '1 day'),
      ('00000000-0000-4000-8000-00000000000c', 'credit_bonus', 25, 25, 'Welcome', null, now() - interval '3 days')`);
  const ledgerBefore = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select id, user_id, type, amount, balance, description, external_ref, created_at from credit_transactions order by id`),
  );

  await migrate(MIGRATIONS);

  const balances = rowsOf<{ name: string; credits: number }>(await db.execute(sql`select name, credits from organisations order by name`));
  expect(balances).toEqual([
    { name: "Acme", credits: 115 },
    { name: "Admin", credits: 25 },
    { name: "Solo", credits: 0 },
  ]);
  // Every row is kept as it was, and names its member's organisation.
  const ledgerAfter = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select id, user_id, type, amount, balance, description, external_ref, created_at from credit_transactions order by id`),
  );
  expect(ledgerAfter).toEqual(ledgerBefore);
  const named = rowsOf<{ n: number; mismatched: number }>(
    await db.execute(sql`
      select count(*)::int as n, count(*) filter (where t.organisation_id is distinct from u.organisation_id)::int as mismatched
      from credit_transactions t join users u on u.id = t.user_id`),
  );
  expect(named).toEqual([{ n: 6, mismatched: 0 }]);
  // Each organisation's ledger still sums to its balance.
  const sums = rowsOf<{ credits: number; total: number }>(
    await db.execute(
      sql`select o.credits, (select coalesce(sum(amount), 0)::int from credit_transactions t where t.organisation_id = o.id) as total from organisations o`,
    ),
  );
  for (const row of sums) expect(row.total).toBe(row.credits);
  // users.credits is gone, and the organisation's balance can never fall below zero.
  const columns = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from information_schema.columns where table_name = 'users' and column_name = 'credits'`),
  );
  expect(columns).toEqual([{ n: 0 }]);
  const overdraw = async () => db.execute(sql`update organisations set credits = -1 where name = 'Solo'`);
  await expect(overdraw()).rejects.toThrow();
  // A ledger row without its organisation is refused from now on.
  const orphan = async () =>
    db.execute(sql`insert into credit_transactions (user_id, type, amount, balance) values ('00000000-0000-4000-8000-00000000000b', 'admin_credit', 5, 5)`);
  await expect(orphan()).rejects.toThrow();
});
