import { afterAll, beforeAll, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { runMorningDigest } from "../../lib/notifications/digest.ts";
import { type Member, member } from "../fixtures/cases.ts";
import { openScreeningDb, type ScreeningDb } from "../fixtures/screening.ts";

/**
 * The morning digest of a member holding more overdue cases than one statement can insert notifications for (each
 * row takes six parameters; the drivers take at most 65,535 per statement): every case gets its notification, in
 * one digest, and a second run that morning writes nothing.
 */
let s: ScreeningDb;
let analyst: Member;
const OVERDUE = 12_000;
const NOW = new Date("2026-06-02T09:00:00.000Z");

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  const owner = await member(s.db, "owner");
  analyst = await member(s.db, "analyst", owner.organisationId);
  // Cases written in bulk, as a large team's backlog would stand: each one a subject of its own, a day past due.
  await s.db.execute(sql`
    insert into cases (organisation_id, title, subject_key, subject_name, entity_type, status, priority, assignee_id, due_at, opened_at)
    select ${owner.organisationId}, 'Subject ' || n, 'subject-' || n, 'Subject ' || n, 'person', 'open', 'media', ${analyst.id},
      ${new Date(NOW.getTime() - 86_400_000).toISOString()}::timestamptz, ${new Date(NOW.getTime() - 10 * 86_400_000).toISOString()}::timestamptz
    from generate_series(1, ${OVERDUE}) n`);
}, 120_000);
afterAll(() => s.close());

test("a member with more overdue cases than one statement holds gets every one in a single digest", async () => {
  const settings = { hour: 7, timeZone: "UTC" };
  const outcome = await runMorningDigest(s.db, NOW, settings);
  expect(outcome).toEqual({ day: "2026-06-02", digests: 1, notifications: OVERDUE });
  const n = schema.notifications;
  expect(await s.db.$count(n, and(eq(n.userId, analyst.id), eq(n.kind, "case_overdue")))).toBe(OVERDUE);
  const [digest] = await s.db.select().from(schema.notificationDigests).where(eq(schema.notificationDigests.userId, analyst.id));
  expect(digest.caseIds).toHaveLength(OVERDUE);
  // The morning's run is over: a second one that day writes nothing.
  expect(await runMorningDigest(s.db, NOW, settings)).toBeNull();
}, 120_000);
