/**
 * GET /api/searches/{id}?wait=N, the web app's long poll: it answers as soon as the search has ended (the
 * worker of this process signals it, another process's write is noticed by reading again), or with the
 * search as it stands after N seconds. The news stand-in holds each search until the test lets it go, so
 * every search is certainly still running when the wait starts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { markSearchesFailed } from "../../lib/screening/pipeline.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { quotedPhrase } from "../helpers/news-servers.ts";
import { type ScreeningApp, startScreeningApp } from "../helpers/screening-app.ts";

/** Searches whose news request is held, by term, and the function that answers it. */
const held = new Map<string, () => void>();
const heldRequest = (term: string) =>
  new Promise<void>((resolve) => {
    const check = () => (held.has(term) ? resolve() : setTimeout(check, 20));
    check();
  });

let app: TestApp;
let screening: ScreeningApp | undefined;
let analyst: HttpClient;
let other: HttpClient;

beforeAll(async () => {
  screening = await startScreeningApp(
    async (url) => {
      const term = quotedPhrase(url.searchParams.get("query") ?? "");
      await new Promise<void>((resolve) => held.set(term, resolve));
      return Response.json({});
    },
    { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "gdelt,google-news", DUECHECK_NEWS_TIMEOUT_MS: "20000" },
  );
  app = screening.app;
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password", credits: 1000 });
  other = await signedIn(app, { email: "other@example.com", password: "other-password", credits: 1000 });
}, 60_000);

afterAll(async () => {
  for (const release of held.values()) release();
  await screening?.stop();
});

async function startSearch(term: string): Promise<string> {
  const res = await analyst.post("/api/searches", { searchTerm: term, entityType: "person" });
  expect(res.status).toBe(201);
  await heldRequest(term);
  return res.json.id;
}

describe("GET /api/searches/{id}?wait=", () => {
  test("without wait it answers at once with the running search", async () => {
    const id = await startSearch("Plain Reader");
    const res = await analyst.get(`/api/searches/${id}`);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("processing");
    held.get("Plain Reader")!();
  });

  test("the first call with wait answers completed once the worker finishes, with the full results", async () => {
    const id = await startSearch("Rustam Karimov");
    expect((await analyst.get(`/api/searches/${id}`)).json.status).toBe("processing");
    const answer = analyst.get(`/api/searches/${id}?wait=30`);
    // Let the search finish while the request is waiting.
    await Bun.sleep(300);
    held.get("Rustam Karimov")!();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, status: "completed", searchTerm: "Rustam Karimov" });
    expect(res.json.results.sanctionsList[0]).toMatchObject({ datasetId: "us_ofac_sdn", match: true });
    expect(res.json.aiSummary.length).toBeGreaterThan(40);
  });

  test("a search ended by another process (its write, without this process's signal) is noticed too", async () => {
    const id = await startSearch("Cross Process");
    const answer = analyst.get(`/api/searches/${id}?wait=30`);
    await Bun.sleep(300);
    expect((await markSearchesFailed(app.db, [id], "ended elsewhere")).has(id)).toBe(true);
    const res = await answer;
    expect([res.status, res.json.status, res.json.error]).toEqual([200, "failed", "ended elsewhere"]);
    held.get("Cross Process")!();
  });

  test("a search still running after the wait is answered as it stands", async () => {
    const id = await startSearch("Long Runner");
    const res = await analyst.get(`/api/searches/${id}?wait=1`);
    expect([res.status, res.json.status]).toEqual([200, "processing"]);
    held.get("Long Runner")!();
  });

  test("a wait longer than the server's 10 s idle timeout still gets its answer", async () => {
    const id = await startSearch("Patient Reader");
    const res = await analyst.get(`/api/searches/${id}?wait=11`);
    expect([res.status, res.json?.status]).toEqual([200, "processing"]);
    held.get("Patient Reader")!();
  }, 30_000);

  test("a finished search is answered at once; another user's search is 404 without waiting", async () => {
    const id = await startSearch("Done Already");
    held.get("Done Already")!();
    expect((await analyst.get(`/api/searches/${id}?wait=30`)).json.status).toBe("completed");
    const started = Date.now();
    const foreign = await other.get(`/api/searches/${id}?wait=30`);
    expect([foreign.status, foreign.json]).toEqual([404, { error: "Search not found" }]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test("wait must be whole seconds from 0 to 30", async () => {
    const id = await startSearch("Bad Wait");
    held.get("Bad Wait")!();
    for (const [wait, error] of [
      ["31", "wait must be between 0 and 30"],
      ["-1", "wait must be between 0 and 30"],
      ["1.5", "wait must be a whole number of seconds"],
      ["soon", "wait must be a number of seconds"],
    ]) {
      const res = await analyst.get(`/api/searches/${id}?wait=${wait}`);
      expect([res.status, res.json]).toEqual([400, { error }]);
    }
  });
});
