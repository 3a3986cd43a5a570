import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

/**
 * Cases made by hand over real HTTP: POST /api/cases (201, 400, 403 for an auditor, 409 naming the subject's case),
 * a screening of the subject joining it; POST /api/cases/{id}/searches (another organisation's search or case 404, a
 * search in another case 409 naming it, a closed case 409); PUT /api/cases/{id}/tags and the list's tag= and
 * olderThan= filters.
 */
const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;
let analyst: { id: string; http: HttpClient };
let auditor: { id: string; http: HttpClient };
let outsider: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  auditor = await memberOf(app, organisationId, "auditor", "auditor@example.com");
  outsider = await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", fullName: "Out Sider", credits: 1000 });
}, 180_000);
afterAll(() => stopApp());

const opened = async (http: HttpClient, name: string, extra: Record<string, unknown> = {}) => {
  const res = await http.post("/api/cases", { title: `Case of ${name}`, subject: { name, entityType: "person", ...extra } });
  expect(res.status).toBe(201);
  return res.json;
};

describe("POST /api/cases", () => {
  test("201 with the case: media priority, due on the media hours, opened by the caller; it reads back the same", async () => {
    const before = Date.now();
    const res = await analyst.http.post("/api/cases", {
      title: "Onboarding Greta Manual",
      subject: { name: "Greta Manual", entityType: "person", birthDate: "1975", nationality: "at", identifiers: [{ kind: "passport", value: "P1234567" }] },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: "Onboarding Greta Manual",
      status: "open",
      priority: "media",
      assignee: null,
      searches: [],
      subject: {
        name: "Greta Manual",
        entityType: "person",
        details: { birthDate: "1975", nationality: "AT", identifiers: [{ kind: "passport", value: "P1234567" }] },
      },
    });
    const due = Date.parse(res.json.dueAt) - Date.parse(res.json.openedAt);
    expect(due).toBe(120 * 3_600_000);
    expect(Date.parse(res.json.openedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json.timeline).toEqual([expect.objectContaining({ kind: "opened", actorId: analyst.id, actor: "analyst" })]);
    expect((await owner.get(`/api/cases/${res.json.id}`)).json).toMatchObject({ id: res.json.id, title: "Onboarding Greta Manual" });
  });

  test("400 for a missing title, a name that is not there, an unknown type or field; nothing is opened", async () => {
    const total = (await owner.get("/api/cases")).json.total;
    const refused = async (body: unknown) => {
      const res = await owner.post("/api/cases", body);
      expect(res.status).toBe(400);
      return res.json.error;
    };
    expect(await refused({ subject: { name: "No Title", entityType: "person" } })).toBe("Title is required");
    expect(await refused({ title: "T", subject: { name: "  ", entityType: "person" } })).toBe("Name is required");
    expect(await refused({ title: "T", subject: { name: "X", entityType: "ship" } })).toBe("Entity type must be person or company");
    expect(await refused({ title: "T", subject: { name: "X", entityType: "person", birthDate: "tomorrow" } })).toMatch(/^Birth date/);
    expect(await refused({ title: "T", subject: { name: "X", entityType: "person" }, assignee: "me" })).toBe("Unknown field: assignee");
    expect((await owner.get("/api/cases")).json.total).toBe(total);
  });

  test("403 for an auditor; 409 naming the subject's case for a second one, from anyone of the team", async () => {
    expect((await auditor.http.post("/api/cases", { title: "Audit", subject: { name: "Auditor Made", entityType: "person" } })).status).toBe(403);
    const first = await opened(owner, "Hugo Duplicate");
    const again = await analyst.http.post("/api/cases", { title: "Again", subject: { name: "HUGO  duplicate", entityType: "person" } });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ error: `The subject already has a case that is not closed: ${first.id}`, caseId: first.id });
    // Another organisation's subject of the same name is its own.
    expect((await outsider.post("/api/cases", { title: "Theirs", subject: { name: "Hugo Duplicate", entityType: "person" } })).status).toBe(201);
  });

  test("a screening of the subject that needs review joins the case opened by hand and raises its priority", async () => {
    const made = await opened(owner, "Dmitri Orlov", { birthDate: "1961" });
    const created = await analyst.http.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate: "1961" } });
    const search = (await analyst.http.get(`/api/searches/${created.json.id}?wait=30`)).json;
    expect(search.caseId).toBe(made.id);
    const kase = (await owner.get(`/api/cases/${made.id}`)).json;
    expect(kase).toMatchObject({ priority: "sanctions", searchCount: 1 });
    expect(kase.searches.map((s: any) => s.id)).toEqual([search.id]);
  });
});

describe("POST /api/cases/{id}/searches", () => {
  test("the organisation's search joins, by whom on the timeline; repeated, nothing changes", async () => {
    const made = await opened(owner, "Quentin Nobodysson");
    const search = await screened(analyst.http, "Quentin Nobodysson");
    expect(search.caseId).toBeNull();
    const res = await analyst.http.post(`/api/cases/${made.id}/searches`, { searchId: search.id });
    expect(res.status).toBe(200);
    expect(res.json.searches.map((s: any) => s.id)).toEqual([search.id]);
    expect(res.json.timeline.at(-1)).toMatchObject({ kind: "search_added", actorId: analyst.id, details: { searchId: search.id, byHand: true } });
    expect((await owner.get(`/api/searches/${search.id}`)).json.caseId).toBe(made.id);
    const again = await owner.post(`/api/cases/${made.id}/searches`, { searchId: search.id });
    expect([again.status, again.json.version, again.json.timeline.length]).toEqual([200, res.json.version, res.json.timeline.length]);
  });

  test("another organisation's search or case is 404; a search in another case 409 naming it; a closed case 409; 400, 403", async () => {
    const made = await opened(owner, "Ivo Strict");
    const theirs = await screened(outsider, "Ivo Strict");
    const theirSearch = await owner.post(`/api/cases/${made.id}/searches`, { searchId: theirs.id });
    expect([theirSearch.status, theirSearch.json.error]).toEqual([404, "Search not found"]);
    const theirCase = await outsider.post(`/api/cases/${made.id}/searches`, { searchId: theirs.id });
    expect([theirCase.status, theirCase.json.error]).toEqual([404, "Case not found"]);

    const grouped = await screened(analyst.http, "Dmitri Orlov");
    const conflict = await owner.post(`/api/cases/${made.id}/searches`, { searchId: grouped.id });
    expect(conflict.status).toBe(409);
    expect(conflict.json.caseId).toBe(grouped.caseId);

    expect((await owner.post(`/api/cases/${made.id}/searches`, {})).status).toBe(400);
    const mine = await screened(analyst.http, "Ivo Strict");
    expect((await auditor.http.post(`/api/cases/${made.id}/searches`, { searchId: mine.id })).status).toBe(403);
    expect((await owner.post(`/api/cases/${made.id}/status`, { status: "closed", outcome: "false_positive" })).status).toBe(200);
    const closed = await owner.post(`/api/cases/${made.id}/searches`, { searchId: mine.id });
    expect([closed.status, closed.json.error]).toEqual([409, "A closed case takes no new search: reopen it first, with a reason"]);
    expect((await owner.get(`/api/searches/${mine.id}`)).json.caseId).toBeNull();
  });
});

describe("PUT /api/cases/{id}/tags and the list's filters", () => {
  test("tags set trimmed and lower case, on the timeline; 400 for a bad tag, 409 for an older version, 403 for an auditor", async () => {
    const made = await opened(owner, "Tara Tagged");
    const res = await analyst.http.put(`/api/cases/${made.id}/tags`, { tags: [" Onboarding ", "PEP", "pep"], version: made.version });
    expect(res.status).toBe(200);
    expect(res.json.tags).toEqual(["onboarding", "pep"]);
    expect(res.json.timeline.at(-1)).toMatchObject({ kind: "tags_changed", actorId: analyst.id, details: { after: { tags: ["onboarding", "pep"] } } });
    expect((await owner.put(`/api/cases/${made.id}/tags`, { tags: ["a,b"] })).status).toBe(400);
    expect((await owner.put(`/api/cases/${made.id}/tags`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).json.error).toBe("At most 20 tags");
    expect((await owner.put(`/api/cases/${made.id}/tags`, { tags: ["late"], version: made.version })).status).toBe(409);
    expect((await auditor.http.put(`/api/cases/${made.id}/tags`, { tags: ["audit"] })).status).toBe(403);
    expect((await outsider.put(`/api/cases/${made.id}/tags`, { tags: ["theirs"] })).status).toBe(404);
    expect((await owner.get(`/api/cases/${made.id}`)).json.tags).toEqual(["onboarding", "pep"]);
  });

  test("?tag= lists the cases carrying every tag given, ?olderThan= those older than that many days; bad values 400", async () => {
    const one = await opened(owner, "Filter One");
    const two = await opened(owner, "Filter Two");
    await owner.put(`/api/cases/${one.id}/tags`, { tags: ["kyc-2026", "urgent"] });
    await owner.put(`/api/cases/${two.id}/tags`, { tags: ["kyc-2026"] });
    const titles = async (query: string) => (await owner.get(`/api/cases?${query}`)).json.items.map((c: any) => c.title).sort();
    expect(await titles("tag=KYC-2026")).toEqual(["Case of Filter One", "Case of Filter Two"]);
    expect(await titles("tag=kyc-2026,urgent")).toEqual(["Case of Filter One"]);
    expect(await titles("tag=kyc-2026&olderThan=1")).toEqual([]);
    // Made a week ago, as far as the age filter is concerned.
    await app.server.database.executeSql(`update cases set created_at = now() - interval '8 days' where id = '${two.id}'`);
    expect(await titles("tag=kyc-2026&olderThan=7")).toEqual(["Case of Filter Two"]);
    for (const bad of ["olderThan=abc", "olderThan=0", "olderThan=1.5", "tag=", "tag=a,,b"]) {
      expect([bad, (await owner.get(`/api/cases?${bad}`)).status]).toEqual([bad, 400]);
    }
  });
});
