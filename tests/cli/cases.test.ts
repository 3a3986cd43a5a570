/**
 * `duecheck cases list | show | assign | close | reopen` on the database of a running server: the server screened a
 * search with an OFAC hit, which opened its subject's case; the CLI lists it, shows it, assigns it and closes it as
 * the members it is given, answering in JSON what the API answers, and refusing what the API refuses (exit 1).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { READ_ONLY_MESSAGE } from "../../lib/auth/roles.ts";
import { ASSIGNEE_NOT_MEMBER } from "../../lib/cases/assign.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const OWNER = ["--user", "owner@example.com"];
const ANALYST = ["--user", "analyst@example.com"];
const REVIEWER = ["--user", "reviewer@example.com"];
const AUDITOR = ["--user", "auditor@example.com"];
const OUTSIDER = ["--user", "outsider@example.com"];

let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: { id: string; http: HttpClient };
let search: any;
let caseId: string;

const cli = (...args: string[]) => runCli(args, app.env);
const json = async (...args: string[]) => {
  const run = await cli(...args, "--json");
  expect([run.code, run.stderr]).toEqual([0, ""]);
  return JSON.parse(run.stdout);
};
const hitsOf = (s: any): any[] => s.results.sanctionsList.flatMap((row: any) => row.hits);

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  const owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  await memberOf(app, organisationId, "reviewer", "reviewer@example.com");
  await memberOf(app, organisationId, "auditor", "auditor@example.com");
  await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", fullName: "Out Sider", credits: 1000 });
  search = await screened(analyst.http, "Dmitri Orlov");
  expect(search.review.status).toBe("needs_review");
  caseId = search.caseId;
  expect(caseId).toEqual(expect.any(String));
}, 180_000);
afterAll(() => stopApp());

describe("duecheck cases", () => {
  test("list: the case the search opened, as the API lists it and as a table; bad filters refused", async () => {
    const page = await json("cases", "list", ...ANALYST);
    expect(page).toEqual((await analyst.http.get("/api/cases")).json);
    expect(page.items.map((c: any) => [c.id, c.title, c.status, c.priority, c.searchCount])).toEqual([[caseId, "Dmitri Orlov", "open", "sanctions", 1]]);
    const openHits = page.items[0].openHits;
    expect(openHits).toBe(search.review.openHits);

    const table = await cli("cases", "list", ...ANALYST);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain("Cases: 1");
    expect(table.stdout).toMatch(/OPENED\s+SUBJECT\s+PRIORITY\s+STATUS\s+ASSIGNEE\s+DUE\s+OPEN HITS\s+SEARCHES\s+CASE ID/);
    expect(table.stdout).toMatch(new RegExp(`Dmitri Orlov\\s+sanctions\\s+open\\s+-\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+${openHits}\\s+1\\s+${caseId}`));
    expect(table.stdout).not.toContain("overdue");

    expect((await json("cases", "list", "--status", "closed", ...ANALYST)).items).toEqual([]);
    expect((await json("cases", "list", "--priority", "sanctions", "--source", "search", ...ANALYST)).total).toBe(1);
    expect((await json("cases", "list", "--source", "monitoring", ...ANALYST)).total).toBe(0);
    expect((await json("cases", "list", "--escalated", ...ANALYST)).total).toBe(0);
    // The review queue, by case: the case's hits are not decided yet.
    expect((await json("cases", "list", "--needs-decision", ...ANALYST)).items.map((c: any) => c.id)).toEqual([caseId]);
    const bad = await cli("cases", "list", "--status", "done", ...ANALYST);
    expect([bad.code, bad.stderr]).toEqual([1, "duecheck: --status must be one of open, investigating, closed, got 'done'\n"]);
    const nobody = await cli("cases", "list", "--assignee", "nobody@example.com", ...ANALYST);
    expect([nobody.code, nobody.stderr]).toEqual([1, "duecheck: No user with email nobody@example.com\n"]);
  });

  test("summary: the reader's and the team's open cases, as GET /api/cases/summary counts them, in words", async () => {
    const viaApi = (await analyst.http.get("/api/cases/summary")).json;
    expect(await json("cases", "summary", ...ANALYST)).toEqual(viaApi);
    expect(viaApi.team.open).toBeGreaterThanOrEqual(1);
    const run = await cli("cases", "summary", ...ANALYST, "--language", "de");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Das Team: ${viaApi.team.open} offen`);
    // Another organisation's cases are not counted.
    expect((await json("cases", "summary", ...OUTSIDER)).team.open).toBe(0);
  });

  test("show: subject, status, priority, due date, its search and timeline; --json is GET /api/cases/{id}", async () => {
    expect(await json("cases", "show", caseId, ...ANALYST)).toEqual((await analyst.http.get(`/api/cases/${caseId}`)).json);
    const shown = await cli("cases", "show", caseId, ...ANALYST);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`CASE ID\\s+${caseId}`));
    expect(shown.stdout).toMatch(/SUBJECT\s+Dmitri Orlov \(Person\)/);
    expect(shown.stdout).toMatch(/STATUS\s+open\n/);
    expect(shown.stdout).toMatch(/OUTCOME\s+-/);
    expect(shown.stdout).toMatch(/PRIORITY\s+sanctions/);
    expect(shown.stdout).toMatch(/ASSIGNEE\s+-/);
    expect(shown.stdout).toMatch(new RegExp(`Dmitri Orlov\\s+search\\s+needs review\\s+\\S+\\s+${search.review.openHits}\\s+${search.id}`));
    expect(shown.stdout).toContain("No notes yet.");
    expect(shown.stdout).toMatch(/Timeline:\n {2}\S+ \S+ {2}system: opened \(sanctions\)\n {2}\S+ \S+ {2}system: search added \(Dmitri Orlov\)/);
  });

  test("assign: claimed, given to a member by email, refused for someone outside, handed back", async () => {
    const claimed = await cli("cases", "assign", caseId, "--to", "me", ...ANALYST);
    expect([claimed.code, claimed.stdout]).toEqual([0, `Assigned: Dmitri Orlov to analyst\nCase ID: ${caseId}\n`]);
    expect((await json("cases", "list", "--assignee", "me", ...ANALYST)).items.map((c: any) => c.id)).toEqual([caseId]);
    expect((await json("cases", "list", "--assignee", "analyst@example.com", ...OWNER)).items.map((c: any) => c.id)).toEqual([caseId]);
    expect((await json("cases", "list", "--assignee", analyst.id, ...OWNER)).total).toBe(1);
    expect((await json("cases", "list", "--assignee", "unassigned", ...ANALYST)).total).toBe(0);

    const given = await json("cases", "assign", caseId, "--to", "reviewer@example.com", ...OWNER);
    expect(given).toMatchObject({ id: caseId, assignee: { name: "reviewer" } });
    const outside = await cli("cases", "assign", caseId, "--to", "outsider@example.com", ...OWNER);
    expect([outside.code, outside.stderr]).toEqual([1, `duecheck: ${ASSIGNEE_NOT_MEMBER}\n`]);
    const back = await cli("cases", "assign", caseId, "--to", "none", ...REVIEWER);
    expect([back.code, back.stdout]).toEqual([0, `Handed back: Dmitri Orlov is unassigned\nCase ID: ${caseId}\n`]);
    expect((await cli("cases", "assign", caseId, "--to", "me", ...ANALYST)).code).toBe(0);
    const timeline = (await json("cases", "show", caseId, ...ANALYST)).timeline;
    expect(timeline.filter((e: any) => e.kind === "assigned")).toHaveLength(4);
    const shown = (await cli("cases", "show", caseId, ...ANALYST)).stdout;
    expect(shown).toContain("Olga Owner: assigned (to reviewer)\n");
    expect(shown).toContain("reviewer: assigned (to nobody)\n");
  });

  test("the auditor reads and changes nothing; another organisation's case is not found", async () => {
    expect((await json("cases", "list", ...AUDITOR)).total).toBe(1);
    for (const args of [
      ["assign", caseId, "--to", "me"],
      ["close", caseId, "--outcome", "false_positive"],
      ["reopen", caseId, "--reason", "An auditor's reason"],
    ]) {
      const refused = await cli("cases", ...args, ...AUDITOR);
      expect([args[0], refused.code, refused.stderr]).toEqual([args[0], 1, `duecheck: ${READ_ONLY_MESSAGE}\n`]);
    }
    for (const args of [
      ["show", caseId],
      ["assign", caseId, "--to", "me"],
      ["close", caseId, "--outcome", "true_match"],
      ["show", "not-an-id"],
    ]) {
      const hidden = await cli("cases", ...args, ...OUTSIDER);
      expect([args[0], hidden.code, hidden.stderr]).toEqual([args[0], 1, "duecheck: Case not found\n"]);
    }
    expect((await json("cases", "list", ...OUTSIDER)).total).toBe(0);
    const [row] = await app.db.select().from(schema.cases).where(eq(schema.cases.id, caseId));
    expect(row).toMatchObject({ status: "open", assigneeId: analyst.id });
  });

  test("close: refused naming the undecided hits; closed with an outcome once the review decided them; reopened", async () => {
    const unknown = await cli("cases", "close", caseId, "--outcome", "fine", ...ANALYST);
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      "duecheck: --outcome must be one of false_positive, true_match, risk_accepted, relationship_declined, got 'fine'\n",
    ]);
    const hits = hitsOf(search);
    expect(hits.length).toBeGreaterThan(0);
    const undecided = await cli("cases", "close", caseId, "--outcome", "false_positive", ...ANALYST);
    expect(undecided.code).toBe(1);
    expect(undecided.stderr).toStartWith(`duecheck: ${hits.length} hit${hits.length === 1 ? " is" : "s are"} not decided yet`);

    for (const hit of hits) {
      const decided = await cli("review", "decide", search.id, hit.hitId, "--as", "false_positive", "--reason", "common_name", ...ANALYST);
      expect([decided.code, decided.stderr]).toEqual([0, ""]);
    }
    const closed = await cli("cases", "close", caseId, "--outcome", "false_positive", "--reason", "Born in another year", ...ANALYST);
    expect([closed.code, closed.stderr, closed.stdout]).toEqual([0, "", `Closed: Dmitri Orlov as false positive\nCase ID: ${caseId}\n`]);
    const view = await json("cases", "show", caseId, ...ANALYST);
    expect(view).toMatchObject({ status: "closed", outcome: "false_positive", openHits: 0, closedAt: expect.any(String) });
    expect(view.timeline.at(-1)).toMatchObject({ kind: "status_changed", actorId: analyst.id, details: { reason: "Born in another year" } });
    const again = await cli("cases", "close", caseId, "--outcome", "true_match", ...ANALYST);
    expect([again.code, again.stderr]).toEqual([1, "duecheck: The case is already closed\n"]);
    expect((await cli("cases", "show", caseId, ...ANALYST)).stdout).toContain(
      "analyst: status changed (open → closed; false positive; reason: Born in another year)",
    );

    const reopened = await json("cases", "reopen", caseId, "--reason", "The customer sent a new passport", ...ANALYST);
    expect(reopened).toMatchObject({ id: caseId, status: "open", outcome: null, closedAt: null });
    expect(reopened.timeline.at(-1)).toMatchObject({ kind: "reopened", details: { reason: "The customer sent a new passport" } });
  });

  test("overdue cases are marked in words, and the list and the case speak German", async () => {
    await app.db
      .update(schema.cases)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.cases.id, caseId));
    expect((await json("cases", "list", "--overdue", ...ANALYST)).items.map((c: any) => [c.id, c.overdue])).toEqual([[caseId, true]]);
    expect((await cli("cases", "list", "--overdue", ...ANALYST)).stdout).toMatch(/\d{2}:\d{2} \(overdue\)/);

    const list = await cli("cases", "list", "--language", "de", ...ANALYST);
    expect(list.stdout).toContain("Fälle: 1");
    expect(list.stdout).toMatch(/ERÖFFNET\s+PERSON\/FIRMA\s+PRIORITÄT\s+STATUS\s+ZUGEWIESEN\s+FÄLLIG/);
    expect(list.stdout).toMatch(new RegExp(`Dmitri Orlov\\s+Sanktionen\\s+offen\\s+analyst\\s+\\S+ \\S+ \\(überfällig\\)\\s+0\\s+1\\s+${caseId}`));
    const shown = await cli("cases", "show", caseId, "--language", "de", ...ANALYST);
    expect(shown.stdout).toMatch(/STATUS\s+offen\n/);
    expect(shown.stdout).toContain("Verlauf:");
    expect(shown.stdout).toContain("System: eröffnet (Sanktionen)");
    expect(shown.stdout).toContain("analyst: wieder eröffnet (abgeschlossen → offen; Grund: The customer sent a new passport)");
  });
});
