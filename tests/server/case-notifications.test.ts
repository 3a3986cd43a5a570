/**
 * Case notifications over real HTTP. With SMTP (a real SMTP server on 127.0.0.1): the mail to a member a case is
 * assigned to, by someone else or by auto-assignment, in their language, none when they claim it themselves; and the
 * morning digest of their overdue cases, made by the digest scheduler on a clock moved to the morning, sent once
 * however often and by however many schedulers it runs. Without SMTP: the same notifications in the app
 * (GET /api/notifications), each member's own only, and marking them read.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { manualClock } from "../../lib/clock.ts";
import { startDigestScheduler } from "../../lib/notifications/digest-scheduler.ts";
import { digestSettings } from "../../lib/notifications/settings.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { startGdeltServer, startGoogleNewsServer } from "../helpers/news-servers.ts";
import { memberOf } from "../helpers/organisation-walk.ts";
import { linkIn, mailingAppEnv, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const MORNING = { hour: 7, timeZone: "UTC" };
const HOUR = 3_600_000;

/** The app screening against loopback news servers, mailing through `smtp` when given. */
async function startCaseApp(smtp: TestSmtpServer | null) {
  const gdelt = startGdeltServer({});
  const google = startGoogleNewsServer({});
  const restoreEnv = setEnv({ ...ENV, DUECHECK_GDELT_URL: gdelt.url, DUECHECK_GOOGLE_NEWS_URL: google.url });
  const app = await startApp({ env: smtp ? mailingAppEnv(smtp) : {} });
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  return {
    app,
    async stop() {
      await app.stop();
      await gdelt.stop();
      await google.stop();
      restoreEnv();
    },
  };
}

/** A screening of Dmitri Orlov born in another year each time: another subject, so a case of its own. */
let births = 0;
async function newCase(http: HttpClient): Promise<string> {
  births += 1;
  const created = await http.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate: `${1930 + births}-01-01` } });
  expect(created.status).toBe(201);
  const res = await http.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  expect(res.json.caseId).toEqual(expect.any(String));
  return res.json.caseId;
}

/** The morning after `days` days, at the hour given (UTC). */
function morning(days: number, hour: number, minute = 0): Date {
  const at = new Date(Date.now() + days * 24 * HOUR);
  at.setUTCHours(hour, minute, 0, 0);
  return at;
}

describe("with SMTP", () => {
  let smtp: TestSmtpServer;
  let app: TestApp;
  let stop: () => Promise<void>;
  let owner: HttpClient;
  let analyst: { id: string; http: HttpClient };
  let reviewer: { id: string; http: HttpClient };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ app, stop } = await startCaseApp(smtp));
    owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
    const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
    analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
    reviewer = await memberOf(app, organisationId, "reviewer", "reviewer@example.com");
    expect((await reviewer.http.post("/api/auth/update-languages", { profileLanguage: "de", reportLanguage: "de" })).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await stop();
    await smtp.stop();
  });

  test("the assignee gets a mail with the case's title, priority, due date and link; claiming one's own case mails nothing", async () => {
    const caseId = await newCase(analyst.http);
    expect((await owner.put(`/api/cases/${caseId}/assignee`, { assignee: analyst.id })).status).toBe(200);
    const mail = await smtp.nextMailTo("analyst@example.com");
    expect(mail.subject).toBe("Case assigned to you: Dmitri Orlov");
    expect(mail.text).toContain("Olga Owner assigned a case to you.");
    expect(mail.text).toContain("Priority: Sanctions");
    const dueAt = new Date((await analyst.http.get(`/api/cases/${caseId}`)).json.dueAt);
    const due = new Intl.DateTimeFormat("en", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "UTC",
      timeZoneName: "short",
    }).format(dueAt);
    expect(mail.text).toContain(`Due: ${due}`);
    expect(linkIn(mail)).toBe(`${app.url}/cases/${caseId}`);
    expect((await analyst.http.get(`/cases/${caseId}`)).status).toBe(200);

    // The reviewer claims a case: no mail, no notification. Then the owner gives them one: a mail, in German.
    const claimed = await newCase(reviewer.http);
    expect((await reviewer.http.put(`/api/cases/${claimed}/assignee`, { assignee: "me" })).status).toBe(200);
    const given = await newCase(analyst.http);
    expect((await owner.put(`/api/cases/${given}/assignee`, { assignee: reviewer.id })).status).toBe(200);
    const german = await smtp.nextMailTo("reviewer@example.com");
    expect(german.subject).toBe("Ihnen zugewiesener Fall: Dmitri Orlov");
    expect(german.text).toContain("Olga Owner hat Ihnen einen Fall zugewiesen.");
    expect(german.text).toContain("Priorität: Sanktionen");
    expect(linkIn(german)).toBe(`${app.url}/cases/${given}`);
    const theirs = (await reviewer.http.get("/api/notifications")).json.items as any[];
    expect(theirs.map((n) => [n.kind, n.caseId])).toEqual([["case_assigned", given]]);
    // A second sweep, had the claim been queued, would have mailed it by now.
    await Bun.sleep(2500);
    expect(smtp.mailsTo("reviewer@example.com")).toHaveLength(0);
    // Handing a case back tells nobody.
    expect((await reviewer.http.put(`/api/cases/${given}/assignee`, { assignee: null })).status).toBe(200);
    expect((await reviewer.http.get("/api/notifications")).json.total).toBe(1);
  }, 120_000);

  test("auto-assignment mails the member the case went to", async () => {
    expect((await owner.put("/api/cases/settings", { autoAssign: true })).status).toBe(200);
    try {
      const caseId = await newCase(owner);
      const assignee = (await owner.get(`/api/cases/${caseId}`)).json.assignee;
      expect([analyst.id, reviewer.id]).toContain(assignee.id);
      const to = assignee.id === analyst.id ? "analyst@example.com" : "reviewer@example.com";
      const mail = await smtp.nextMailTo(to);
      expect(mail.text).toContain(assignee.id === analyst.id ? "A case was assigned to you automatically." : "Ihnen wurde automatisch ein Fall zugewiesen.");
      expect(linkIn(mail)).toBe(`${app.url}/cases/${caseId}`);
    } finally {
      expect((await owner.put("/api/cases/settings", { autoAssign: false })).status).toBe(200);
    }
  }, 60_000);

  test("each morning one digest per member with overdue cases, sent once across runs and processes", async () => {
    // The analyst's cases, and one more given to them now; none of the owner's.
    const extra = await newCase(owner);
    expect((await owner.put(`/api/cases/${extra}/assignee`, { assignee: analyst.id })).status).toBe(200);
    await smtp.nextMailTo("analyst@example.com");
    const mine = ((await analyst.http.get("/api/cases?assignee=me&status=open")).json.items as any[]).map((c) => c.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);

    // Three days on, just before the digest hour: nothing is due yet.
    const clock = manualClock(morning(3, 6, 59));
    const first = startDigestScheduler({ db: app.db, clock, settings: MORNING }, { checkSeconds: 0 });
    const second = startDigestScheduler({ db: app.db, clock, settings: MORNING }, { checkSeconds: 0 });
    try {
      expect(await first.tick()).toBeNull();
      clock.set(morning(3, 7, 5));
      // Two processes at once: each member's digest is made once between them.
      const [a, b] = await Promise.all([first.tick(), second.tick()]);
      const digests = (a?.digests ?? 0) + (b?.digests ?? 0);
      expect(digests).toBeGreaterThanOrEqual(1);
      const digest = await smtp.nextMailTo("analyst@example.com");
      expect(digest.subject).toBe(`${mine.length} of your cases are overdue`);
      for (const id of mine) expect(digest.text).toContain(`${app.url}/cases/${id}`);
      expect(digest.text).toContain(`${app.url}/cases?view=overdue`);
      // The reviewer still holds the case they claimed: their digest, in German.
      expect((await smtp.nextMailTo("reviewer@example.com")).subject).toMatch(/^\d+ Ihrer Fälle (ist|sind) überfällig$/);
      // Later that morning, and after a restart (a new scheduler), nothing more.
      clock.set(morning(3, 9, 0));
      expect(await first.tick()).toBeNull();
      const restarted = startDigestScheduler({ db: app.db, clock, settings: MORNING }, { checkSeconds: 0 });
      expect(await restarted.tick()).toBeNull();
      // Even a process that missed the day's end mark claims nobody twice.
      await app.db.delete(schema.notificationDigestRuns);
      expect(await restarted.tick()).toMatchObject({ digests: 0, notifications: 0 });
      await Bun.sleep(2500);
      expect(smtp.mailsTo("analyst@example.com")).toHaveLength(0);
      // The owner holds no case: no digest.
      expect(smtp.mailsTo("owner@example.com")).toHaveLength(0);
      expect(smtp.mailsTo("reviewer@example.com")).toHaveLength(0);
      const rows = await app.db.select().from(schema.notificationDigests).where(eq(schema.notificationDigests.userId, analyst.id));
      expect(rows).toHaveLength(1);
      expect(rows[0].mailedAt).not.toBeNull();
      // The bell lists each overdue case of the morning.
      const bell = (await analyst.http.get("/api/notifications?unread=true&limit=100")).json.items as any[];
      expect(
        bell
          .filter((n) => n.kind === "case_overdue")
          .map((n) => n.caseId)
          .sort(),
      ).toEqual([...mine].sort());

      // The next morning, once a case was handed on, each digest lists what is theirs now.
      clock.set(morning(4, 7, 0));
      expect((await owner.put(`/api/cases/${extra}/assignee`, { assignee: reviewer.id })).status).toBe(200);
      await smtp.nextMailTo("reviewer@example.com");
      expect((await first.tick())?.digests).toBeGreaterThanOrEqual(1);
      const next = await smtp.nextMailTo("analyst@example.com");
      expect(next.text).not.toContain(`/cases/${extra}`);
      const german = await smtp.nextMailTo("reviewer@example.com");
      expect(german.subject).toMatch(/^\d+ Ihrer Fälle (ist|sind) überfällig$/);
      expect(german.text).toContain(`${app.url}/cases/${extra}`);
    } finally {
      await first.stop();
      await second.stop();
    }
  }, 120_000);
});

describe("without SMTP", () => {
  let app: TestApp;
  let stop: () => Promise<void>;
  let owner: HttpClient;
  let ownerId: string;
  let analyst: { id: string; http: HttpClient };
  let peer: { id: string; http: HttpClient };

  beforeAll(async () => {
    ({ app, stop } = await startCaseApp(null));
    owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
    const me = (await owner.get("/api/auth/me")).json;
    ownerId = me.id;
    analyst = await memberOf(app, me.organisation.id, "analyst", "analyst@example.com");
    peer = await memberOf(app, me.organisation.id, "analyst", "peer@example.com");
  }, 180_000);
  afterAll(() => stop());

  test("an assignment shows in the assignee's notifications, theirs alone, and marking read counts down", async () => {
    const caseId = await newCase(analyst.http);
    expect((await analyst.http.get("/api/notifications")).json).toMatchObject({ items: [], total: 0, unread: 0, nextCursor: null });
    expect((await owner.put(`/api/cases/${caseId}/assignee`, { assignee: analyst.id })).status).toBe(200);
    const list = await analyst.http.get("/api/notifications");
    expect(list.status).toBe(200);
    expect(list.json.unread).toBe(1);
    expect(list.json.items).toHaveLength(1);
    const [item] = list.json.items;
    expect(item).toMatchObject({
      kind: "case_assigned",
      caseId,
      caseTitle: "Dmitri Orlov",
      priority: "sanctions",
      status: "open",
      overdue: false,
      actor: { id: ownerId, name: "Olga Owner" },
      day: null,
      readAt: null,
    });
    // Nobody else sees it or marks it: 404, and nothing changes.
    expect((await peer.http.get("/api/notifications")).json.total).toBe(0);
    const foreign = await peer.http.post("/api/notifications/read", { ids: [item.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("Notification not found");
    expect((await analyst.http.post("/api/notifications/read", { ids: [item.id, "not-an-id"] })).status).toBe(404);
    expect((await analyst.http.get("/api/notifications")).json.unread).toBe(1);
    // Bad bodies: 400.
    for (const body of [{}, { ids: [] }, { all: false }, { ids: "x" }, { ids: [item.id], all: true }]) {
      expect((await analyst.http.post("/api/notifications/read", body)).status).toBe(400);
    }
    expect((await analyst.http.get("/api/notifications?unread=maybe")).status).toBe(400);

    const read = await analyst.http.post("/api/notifications/read", { ids: [item.id] });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ marked: 1, unread: 0 });
    const after = (await analyst.http.get("/api/notifications")).json;
    expect(after.unread).toBe(0);
    expect(after.items[0].readAt).toEqual(expect.any(String));
    expect((await analyst.http.get("/api/notifications?unread=true")).json.items).toEqual([]);
    // Claiming one's own case notifies nobody.
    const claimed = await newCase(peer.http);
    expect((await peer.http.put(`/api/cases/${claimed}/assignee`, { assignee: "me" })).status).toBe(200);
    expect((await peer.http.get("/api/notifications")).json.total).toBe(0);
  }, 60_000);

  test("the morning's overdue cases show in the list, paged, and all of them are marked read at once", async () => {
    const second = await newCase(analyst.http);
    expect((await owner.put(`/api/cases/${second}/assignee`, { assignee: analyst.id })).status).toBe(200);
    const clock = manualClock(morning(3, 8, 0));
    const digest = startDigestScheduler({ db: app.db, clock, settings: MORNING }, { checkSeconds: 0 });
    try {
      // The analyst's two cases, and the case the peer claimed.
      expect((await digest.tick())?.digests).toBe(2);
    } finally {
      await digest.stop();
    }
    const all = (await analyst.http.get("/api/notifications?limit=100")).json;
    const overdue = (all.items as any[]).filter((n) => n.kind === "case_overdue");
    expect(overdue).toHaveLength(2);
    expect(overdue[0]).toMatchObject({ day: morning(3, 8).toISOString().slice(0, 10), actor: null, status: "open" });
    expect(all.unread).toBe(3);
    const page = await analyst.http.get("/api/notifications?limit=2");
    expect(page.json.items).toHaveLength(2);
    const rest = await analyst.http.get(`/api/notifications?limit=2&cursor=${page.json.nextCursor}`);
    expect([...page.json.items, ...rest.json.items].map((n: any) => n.id)).toEqual((all.items as any[]).slice(0, 4).map((n) => n.id));
    // No mail without SMTP; the digest is recorded all the same, so it is made once.
    const [row] = await app.db.select().from(schema.notificationDigests).where(eq(schema.notificationDigests.userId, analyst.id));
    expect(row.mailedAt).toBeNull();

    const marked = await analyst.http.post("/api/notifications/read", { all: true });
    expect(marked.json).toEqual({ marked: 3, unread: 0 });
    expect((await analyst.http.post("/api/notifications/read", { all: true })).json).toEqual({ marked: 0, unread: 0 });
  }, 60_000);
});

describe("the digest's settings", () => {
  test("07:00 in the report time zone by default, checked every minute; a bad value stops the start with its name", () => {
    expect(digestSettings({})).toEqual({ hour: 7, timeZone: "UTC", checkSeconds: 60 });
    expect(digestSettings({ DUECHECK_DIGEST_HOUR: "9", DUECHECK_REPORT_TIMEZONE: "Europe/Berlin", DUECHECK_DIGEST_CHECK_SECONDS: "0" })).toEqual({
      hour: 9,
      timeZone: "Europe/Berlin",
      checkSeconds: 0,
    });
    expect(() => digestSettings({ DUECHECK_DIGEST_HOUR: "24" })).toThrow("DUECHECK_DIGEST_HOUR must be at most 23");
    expect(() => digestSettings({ DUECHECK_DIGEST_HOUR: "7.5" })).toThrow("DUECHECK_DIGEST_HOUR must be a whole hour");
    expect(() => digestSettings({ DUECHECK_DIGEST_CHECK_SECONDS: "soon" })).toThrow("DUECHECK_DIGEST_CHECK_SECONDS must be a number");
  });
});
