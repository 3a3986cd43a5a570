/**
 * Migration 0025 on a database filled by the previous release: every audit entry is filed under the organisation of
 * the record it is about, else of the member who acted (the instance's staff acting on the instance's own things and
 * the system stay the instance's), the hash chain still verifies with the same head, and new entries are filed by
 * the same rule whoever writes them. The daily reports made before stay the instance's and the users' own.
 */
import { afterAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { Db } from "../../data/db.ts";
import { verifyAuditChain } from "../../lib/audit/chain.ts";
import { cleanup, MIGRATIONS, migrationsThrough, openBareDatabase, rowsOf } from "../helpers/previous-release.ts";

afterAll(cleanup);

const ANN = "00000000-0000-4000-8000-00000000000a";
const BEN = "00000000-0000-4000-8000-00000000000b";
const ADMIN = "00000000-0000-4000-8000-0000000000ad";
const SEARCH = "00000000-0000-4000-8000-0000000000c1";

test("old entries are filed by organisation, the chain verifies with the same head, new entries are filed as they are written", async () => {
  const { db, migrate } = await openBareDatabase();
  await migrate(migrationsThrough(24));
  // As the previous release left them: each user owns the organisation with their id; the admin too.
  await db.execute(sql`insert into organisations (id, name) values (${ANN}, 'Ann Ltd'), (${BEN}, 'Ben GmbH'), (${ADMIN}, 'Operator')`);
  await db.execute(sql`
    insert into users (id, email, password, full_name, organisation_id, organisation_role, role) values
      (${ANN}, 'ann@example.com', 'x', 'Ann', ${ANN}, 'owner', 'user'),
      (${BEN}, 'ben@example.com', 'x', 'Ben', ${BEN}, 'owner', 'user'),
      (${ADMIN}, 'admin@example.com', 'x', 'Admin', ${ADMIN}, 'owner', 'admin')`);
  await db.execute(
    sql`insert into searches (id, user_id, organisation_id, search_term, status) values (${SEARCH}, ${ANN}, ${ANN}, 'Viktor Petrov', 'completed')`,
  );
  await db.execute(sql`
    insert into audit_log (actor_user_id, actor_kind, action, target_type, target_id, details) values
      (${ANN}, 'user', 'auth.login', 'user', ${ANN}, null),
      (${ANN}, 'user', 'search.created', 'search', ${SEARCH}, '{"term":"Viktor Petrov"}'),
      (${ADMIN}, 'admin', 'search.viewed_by_admin', 'search', ${SEARCH}, null),
      (${ADMIN}, 'admin', 'admin.user_updated', 'user', ${BEN}, '{"role":"user"}'),
      (${ADMIN}, 'admin', 'admin.settings_updated', 'system_settings', null, '{"registrationOpen":false}'),
      (${BEN}, 'user', 'embed.origin_added', 'embed_origin', 'https://ben.example', null),
      (null, 'cli', 'organisation.settings_changed', 'organisation', ${BEN}, null),
      (null, 'system', 'retention.purged', 'retention', null, '{"searchesPurged":0}'),
      (${ANN}, 'user', 'search.deleted', 'search', '00000000-0000-4000-8000-0000000000ff', null)`);
  await db.execute(sql`
    insert into daily_reports (report_date, user_id, status) values ('2026-03-10', null, 'completed'), ('2026-03-10', ${ANN}, 'completed')`);
  const before = await verifyAuditChain(db as unknown as Db);
  expect(before).toMatchObject({ intact: true, entries: 9 });

  await migrate(MIGRATIONS);

  const filed = rowsOf<{ action: string; organisation_id: string | null }>(await db.execute(sql`select action, organisation_id from audit_log order by id`));
  expect(filed).toEqual([
    { action: "auth.login", organisation_id: ANN },
    { action: "search.created", organisation_id: ANN },
    // about Ann's search: Ann's organisation reads who looked at it
    { action: "search.viewed_by_admin", organisation_id: ANN },
    { action: "admin.user_updated", organisation_id: BEN },
    // the instance's admin on the instance's settings: the instance's, not the admin's own organisation's
    { action: "admin.settings_updated", organisation_id: null },
    // a member on something that is no record: the member's organisation
    { action: "embed.origin_added", organisation_id: BEN },
    { action: "organisation.settings_changed", organisation_id: BEN },
    { action: "retention.purged", organisation_id: null },
    // the record is gone: the member who acted tells
    { action: "search.deleted", organisation_id: ANN },
  ]);
  // Filing changed no hashed content: the same chain, the same head.
  expect(await verifyAuditChain(db as unknown as Db)).toEqual(before);
  // The log is still append-only.
  const refile = async () => db.execute(sql`update audit_log set organisation_id = null`);
  await expect(refile()).rejects.toThrow();

  // A new entry written as psql or any process would write it is filed and linked; the chain still verifies.
  await db.execute(
    sql`insert into audit_log (actor_user_id, actor_kind, action, target_type, target_id) values (${BEN}, 'user', 'auth.login', 'user', ${BEN})`,
  );
  const [latest] = rowsOf<{ organisation_id: string | null }>(await db.execute(sql`select organisation_id from audit_log order by id desc limit 1`));
  expect(latest.organisation_id).toBe(BEN);
  expect(await verifyAuditChain(db as unknown as Db)).toMatchObject({ intact: true, entries: 10 });

  // The reports made before: the instance's and Ann's own, as they were.
  const reports = rowsOf(await db.execute(sql`select user_id, organisation_id from daily_reports order by user_id nulls first`));
  expect(reports).toEqual([
    { user_id: null, organisation_id: null },
    { user_id: ANN, organisation_id: null },
  ]);
  // An organisation's report of the same day is a row of its own; a second instance report is not.
  await db.execute(sql`insert into daily_reports (report_date, organisation_id, status) values ('2026-03-10', ${ANN}, 'completed')`);
  const secondInstance = async () => db.execute(sql`insert into daily_reports (report_date, status) values ('2026-03-10', 'completed')`);
  await expect(secondInstance()).rejects.toThrow();
  const both = async () => db.execute(sql`insert into daily_reports (report_date, user_id, organisation_id) values ('2026-03-11', ${ANN}, ${ANN})`);
  await expect(both()).rejects.toThrow();
});
