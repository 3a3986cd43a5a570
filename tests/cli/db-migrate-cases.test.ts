/**
 * `duecheck db migrate` on the database of a running server groups the searches screened before cases into their
 * cases, as the server does at start: a screening whose review is open and whose case rows are gone (as before cases)
 * is in its subject's case again after the command, and running it again changes nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let owner: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
}, 180_000);
afterAll(() => stopApp());

test("db migrate puts a screening that needed review before cases into its subject's case, once", async () => {
  const search = await screened(owner, "Dmitri Orlov");
  expect(search.review.status).toBe("needs_review");
  await app.db.delete(schema.cases).where(eq(schema.cases.id, search.caseId));
  expect((await owner.get(`/api/searches/${search.id}`)).json.caseId).toBeNull();
  expect((await owner.get("/api/cases?needsDecision=true")).json.total).toBe(0);

  const run = await runCli(["db", "migrate", "--json"], app.env);
  expect([run.code, run.stderr]).toEqual([0, ""]);
  const caseId = (await owner.get(`/api/searches/${search.id}`)).json.caseId;
  expect(caseId).toEqual(expect.any(String));
  const kase = (await owner.get(`/api/cases/${caseId}`)).json;
  expect(kase).toMatchObject({ status: "open", priority: "sanctions", subject: { name: "Dmitri Orlov" } });
  expect(kase.searches.map((s: any) => s.id)).toEqual([search.id]);
  expect((await owner.get("/api/cases?needsDecision=true")).json.items.map((c: any) => c.id)).toEqual([caseId]);

  const again = await runCli(["db", "migrate", "--json"], app.env);
  expect(again.code).toBe(0);
  expect((await owner.get(`/api/cases/${caseId}`)).json.timeline).toEqual(kase.timeline);
  expect((await owner.get("/api/cases")).json.total).toBe(1);
});
