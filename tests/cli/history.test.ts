/** `duecheck history --limit/--before` as a separate process: pages that continue each other, a date as the start, bad options. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createUser as createMember } from "../../lib/auth/users.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
const terms = (json: { items: { searchTerm: string }[] }) => json.items.map((s) => s.searchTerm);

beforeAll(async () => {
  app = await startApp();
  const user = await createUser(app.db, { email: "pager@example.com", password: "pager-password" });
  const other = await createUser(app.db, { email: "other@example.com", password: "other-password" });
  // Subject 1 to 7 an hour apart from 2025-05-01 01:00 UTC; another user's searches in between.
  for (const [owner, prefix] of [
    [user.id, "Subject"],
    [other.id, "Other"],
  ] as const) {
    await app.db.execute(sql`
      insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, created_at)
      select ${owner}::uuid, (select organisation_id from users where id = ${owner}::uuid), ${prefix} || ' ' || i, ${prefix} || ' ' || i, 'person', 'completed', timestamptz '2025-05-01 00:00:00+00' + i * interval '1 hour'
      from generate_series(1, 7) as i`);
  }
  // A colleague in the pager's organisation, with one search of their own.
  const colleague = await createMember(
    app.db,
    { email: "colleague@example.com", password: "colleague-password", fullName: "Cora Colleague" },
    { membership: { organisationId: user.organisationId, role: "analyst" } },
  );
  await app.db.execute(sql`
    insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, created_at)
    values (${colleague.id}, ${user.organisationId}, 'Colleague Subject', 'Colleague Subject', 'person', 'completed', timestamptz '2025-05-01 03:30:00+00')`);
}, 60_000);
afterAll(() => app.stop());

describe("duecheck history", () => {
  test("--limit pages, --before with the printed cursor continues where the page ended", async () => {
    const first = JSON.parse((await runCli(["history", "--user", "pager@example.com", "--limit", "3", "--json"], app.env)).stdout);
    expect(terms(first)).toEqual(["Subject 7", "Subject 6", "Subject 5"]);
    expect(first.total).toBe(7);
    const second = JSON.parse(
      (await runCli(["history", "--user", "pager@example.com", "--limit", "3", "--before", first.nextCursor, "--json"], app.env)).stdout,
    );
    expect(terms(second)).toEqual(["Subject 4", "Subject 3", "Subject 2"]);
    const last = JSON.parse(
      (await runCli(["history", "--user", "pager@example.com", "--limit", "3", "--before", second.nextCursor, "--json"], app.env)).stdout,
    );
    expect(terms(last)).toEqual(["Subject 1"]);
    expect(last.nextCursor).toBeNull();

    const table = await runCli(["history", "--user", "pager@example.com", "--limit", "3"], app.env);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("Searches of pager@example.com: 7");
    expect(table.stdout).toMatch(/Subject 7\s+Person\s+completed/);
    expect(table.stdout).not.toContain("Subject 4");
    expect(table.stdout).toContain(`Older searches: duecheck history --user pager@example.com --limit 3 --before ${first.nextCursor}`);
  });

  test("--team: the whole team's searches with who searched; never another organisation's", async () => {
    const own = JSON.parse(
      (await runCli(["history", "--user", "pager@example.com", "--limit", "3", "--before", "2025-05-01T05:00:00Z", "--json"], app.env)).stdout,
    );
    expect(terms(own)).toEqual(["Subject 4", "Subject 3", "Subject 2"]);
    const team = JSON.parse(
      (await runCli(["history", "--user", "pager@example.com", "--team", "--limit", "3", "--before", "2025-05-01T05:00:00Z", "--json"], app.env)).stdout,
    );
    expect(terms(team)).toEqual(["Subject 4", "Colleague Subject", "Subject 3"]);
    expect(team.total).toBe(8);
    expect(team.items[1].searchedBy).toMatchObject({ name: "Cora Colleague" });
    const table = await runCli(["history", "--user", "colleague@example.com", "--team", "--limit", "2"], app.env);
    expect(table.stdout).toContain("Searches of the team of colleague@example.com: 8");
    expect(table.stdout).toMatch(/BY/);
    expect(table.stdout).toContain("--team --limit 2 --before");
    expect(table.stdout).not.toContain("Other ");
  });

  test("--before a date or time: only searches made before it", async () => {
    const byTime = JSON.parse((await runCli(["history", "--user", "pager@example.com", "--before", "2025-05-01T04:00:00Z", "--json"], app.env)).stdout);
    expect(terms(byTime)).toEqual(["Subject 3", "Subject 2", "Subject 1"]);
    const byDate = await runCli(["history", "--user", "pager@example.com", "--before", "2025-05-01"], app.env);
    expect(byDate.code).toBe(0);
    expect(byDate.stdout).toContain("No older searches.");
  });

  test("bad --limit or --before: exit 1 with the reason", async () => {
    for (const [args, message] of [
      [["--limit", "0"], "--limit must be a whole number from 1 to 100, got '0'"],
      [["--limit", "500"], "--limit must be a whole number from 1 to 100, got '500'"],
      [["--limit", "ten"], "--limit must be a whole number from 1 to 100, got 'ten'"],
      [["--before", "yesterday"], "--before must be a date such as 2025-01-31 or 2025-01-31T12:00:00Z, or the cursor of a previous page, got 'yesterday'"],
    ] as const) {
      const res = await runCli(["history", "--user", "pager@example.com", ...args], app.env);
      expect([args.join(" "), res.code, res.stderr]).toEqual([args.join(" "), 1, `duecheck: ${message}\n`]);
    }
  });
});
