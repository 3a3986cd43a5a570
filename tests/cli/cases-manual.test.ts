/**
 * `duecheck cases open | add-search | tag` and the list's --tag and --older-than on the database of a running server:
 * a case opened by hand, a screening the server ran put into it, its tags set; each answer in JSON is what the API
 * answers, and what the API refuses (an auditor, a second case of a subject, a bad tag) is refused (exit 1).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { READ_ONLY_MESSAGE } from "../../lib/auth/roles.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const ANALYST = ["--user", "analyst@example.com"];
const AUDITOR = ["--user", "auditor@example.com"];

let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: { id: string; http: HttpClient };

const cli = (...args: string[]) => runCli(args, app.env);
const json = async (...args: string[]) => {
  const run = await cli(...args, "--json");
  expect([run.code, run.stderr]).toEqual([0, ""]);
  return JSON.parse(run.stdout);
};

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  const owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  const organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  await memberOf(app, organisationId, "auditor", "auditor@example.com");
}, 180_000);
afterAll(() => stopApp());

describe("duecheck cases open, add-search and tag", () => {
  test("open: a case by hand, as the API reads it; a second for the subject is refused naming the first", async () => {
    const view = await json(
      "cases",
      "open",
      "--name",
      "Petra Manual",
      "--type",
      "person",
      "--birth-date",
      "1970-05-06",
      "--title",
      "Onboarding Petra",
      ...ANALYST,
    );
    expect(view).toMatchObject({
      title: "Onboarding Petra",
      priority: "media",
      status: "open",
      subject: { name: "Petra Manual", details: { birthDate: "1970-05-06" } },
    });
    expect(view).toEqual((await analyst.http.get(`/api/cases/${view.id}`)).json);
    expect(view.timeline).toEqual([expect.objectContaining({ kind: "opened", actorId: analyst.id })]);

    const again = await cli("cases", "open", "--name", "PETRA manual", "--type", "person", "--birth-date", "1970-05-06", ...ANALYST);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`duecheck: The subject already has a case that is not closed: ${view.id}\nSee it with: duecheck cases show ${view.id}\n`);
    const words = await cli("cases", "open", "--name", "Paul Worded", "--type", "company", "--language", "de", ...ANALYST);
    expect(words.code).toBe(0);
    expect(words.stdout).toContain("Eröffnet: Paul Worded");
    const badType = await cli("cases", "open", "--name", "X", "--type", "ship", ...ANALYST);
    expect([badType.code, badType.stderr]).toEqual([1, "duecheck: Entity type must be person or company\n"]);
    const auditor = await cli("cases", "open", "--name", "Audit Made", "--type", "person", ...AUDITOR);
    expect([auditor.code, auditor.stderr]).toEqual([1, `duecheck: ${READ_ONLY_MESSAGE}\n`]);
  });

  test("add-search: a screening of the organisation joins the case; one already in another case is refused naming it", async () => {
    const view = await json("cases", "open", "--name", "Quentin Nobodysson", "--type", "person", ...ANALYST);
    const search = await screened(analyst.http, "Quentin Nobodysson");
    const added = await cli("cases", "add-search", view.id, search.id, ...ANALYST);
    expect([added.code, added.stderr]).toEqual([0, ""]);
    expect(added.stdout).toContain(`Added: the search Quentin Nobodysson to Quentin Nobodysson`);
    expect((await analyst.http.get(`/api/searches/${search.id}`)).json.caseId).toBe(view.id);

    const grouped = await screened(analyst.http, "Dmitri Orlov");
    const refused = await cli("cases", "add-search", view.id, grouped.id, ...ANALYST);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The search is already in another case: ${grouped.caseId}`);
  });

  test("tag: the tags set, lower case and each once; --none removes them; list --tag and --older-than filter", async () => {
    const view = await json("cases", "open", "--name", "Tilda Tagged", "--type", "person", ...ANALYST);
    const tagged = await json("cases", "tag", view.id, "KYC", "kyc", "high risk", ...ANALYST);
    expect(tagged.tags).toEqual(["kyc", "high risk"]);
    expect(tagged.timeline.at(-1)).toMatchObject({ kind: "tags_changed", actorId: analyst.id });
    const shown = await cli("cases", "show", view.id, ...ANALYST);
    expect(shown.stdout).toMatch(/TAGS\s+kyc, high risk/);
    expect(shown.stdout).toMatch(/analyst: tags changed \(- → kyc, high risk\)/);

    const listed = await json("cases", "list", "--tag", "KYC", ...ANALYST);
    expect(listed).toEqual((await analyst.http.get("/api/cases?tag=kyc")).json);
    expect(listed.items.map((c: any) => c.id)).toEqual([view.id]);
    expect((await json("cases", "list", "--tag", "kyc,high risk", "--older-than", "1", ...ANALYST)).total).toBe(0);
    const badAge = await cli("cases", "list", "--older-than", "soon", ...ANALYST);
    expect([badAge.code, badAge.stderr]).toEqual([1, "duecheck: olderThan must be a whole number of days\n"]);

    const badTag = await cli("cases", "tag", view.id, "a,b", ...ANALYST);
    expect(badTag.code).toBe(1);
    expect(badTag.stderr).toContain("no commas");
    const nothing = await cli("cases", "tag", view.id, ...ANALYST);
    expect([nothing.code, nothing.stderr]).toEqual([1, "duecheck: Give the tags, or --none to remove them all\n"]);
    expect((await json("cases", "tag", view.id, "--none", ...ANALYST)).tags).toEqual([]);
    expect((await cli("cases", "tag", view.id, "x", ...AUDITOR)).code).toBe(1);
  });
});
