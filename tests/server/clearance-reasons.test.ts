/**
 * Clearances that rest on something: a false-positive reason comparing a detail the search did not give is refused
 * (400 naming it), and with the written-reason setting on, clearing a sanctions match (not a near miss) needs a text
 * of at least 20 characters. Real HTTP against the app, on PostgreSQL and PGlite.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let admin: HttpClient;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 1000 });
  admin = await signedIn(app, { email: "admin2@example.com", password: "admin-password-2", fullName: "Ad Min", role: "admin" });
});
afterAll(() => stopApp());

async function screened(body: Record<string, unknown>) {
  const created = await analyst.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", ...body });
  expect(created.status).toBe(201);
  const res = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

const hitNamed = (search: any, name: string) =>
  search.results.sanctionsList.flatMap((row: any) => row.hits).find((h: any) => h.name === name) ?? expect.unreachable(`no hit ${name}`);
const decide = (searchId: string, body: Record<string, unknown>) => analyst.post(`/api/searches/${searchId}/decisions`, body);
const decisionsOf = async (searchId: string) => (await analyst.get(`/api/searches/${searchId}`)).json.review.decisions;

describe("a reason needs the detail it compares", () => {
  test("a search without details: different birth date, nationality and gender are refused naming what is missing; nothing is written", async () => {
    const search = await screened({});
    expect(search.review.clearance.missingDetails).toEqual(["birthDate", "nationality", "gender"]);
    const hit = hitNamed(search, "ORLOV, Dmitri Pavlovich");
    const refusals: [string, RegExp][] = [
      ["different_birth_date", /different_birth_date needs the subject's birth date/],
      ["different_nationality", /different_nationality needs the subject's nationality/],
      ["different_gender", /different_gender needs the subject's gender/],
    ];
    for (const [reason, message] of refusals) {
      const res = await decide(search.id, { hitId: hit.hitId, decision: "false_positive", reason, text: "The listing is someone else" });
      expect([res.status, res.json.error]).toEqual([400, expect.stringMatching(message)]);
    }
    expect(await decisionsOf(search.id)).toEqual([]);
    // A reason that compares nothing stands.
    const common = await decide(search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
    expect(common.status).toBe(201);
  });

  test("a search with a birth date and a nationality takes those reasons; gender, which no search gives, stays refused", async () => {
    const search = await screened({ details: { birthDate: "1975-06-01", nationality: "DE" } });
    expect(search.review.clearance.missingDetails).toEqual(["gender"]);
    const orlov = hitNamed(search, "ORLOV, Dmitri Pavlovich");
    const gender = await decide(search.id, { hitId: orlov.hitId, decision: "false_positive", reason: "different_gender" });
    expect(gender.status).toBe(400);
    const born = await decide(search.id, { hitId: orlov.hitId, decision: "false_positive", reason: "different_birth_date" });
    expect([born.status, born.json.reason]).toEqual([201, "different_birth_date"]);
    const nationality = await decide(search.id, { hitId: orlov.hitId, decision: "false_positive", reason: "different_nationality", replaces: born.json.id });
    expect([nationality.status, nationality.json.reason]).toEqual([201, "different_nationality"]);
  });

  test("the search's country stands for a nationality not given, as the matcher reads it", async () => {
    const search = await screened({ country: "DE" });
    expect(search.review.clearance.missingDetails).toEqual(["birthDate", "gender"]);
    const hit = hitNamed(search, "ORLOV, Dmitri Pavlovich");
    expect((await decide(search.id, { hitId: hit.hitId, decision: "false_positive", reason: "different_birth_date" })).status).toBe(400);
    expect((await decide(search.id, { hitId: hit.hitId, decision: "false_positive", reason: "different_nationality" })).status).toBe(201);
  });
});

describe("a written reason to clear a sanctions match", () => {
  const setSetting = async (on: boolean) => {
    const res = await admin.post("/api/admin/settings", { writtenReasonToClearMatch: on });
    expect(res.status).toBe(200);
  };

  test("off by default: a match is cleared with a reason code alone, as before", async () => {
    expect((await admin.get("/api/admin/settings")).json.writtenReasonToClearMatch).toBe(false);
    const search = await screened({});
    expect(search.review.clearance.matchTextMin).toBeNull();
    const hit = hitNamed(search, "ORLOV, Dmitri Pavlovich");
    expect(search.review.clearance.sanctionsMatchHitIds).toContain(hit.hitId);
    expect((await decide(search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" })).status).toBe(201);
  });

  test("on: clearing a match needs 20 characters of text (400 naming the rule); a near miss and a true match do not", async () => {
    await setSetting(true);
    try {
      const search = await screened({});
      expect(search.review.clearance.matchTextMin).toBe(20);
      const match = hitNamed(search, "ORLOV, Dmitri Pavlovich");
      expect(search.review.clearance.sanctionsMatchHitIds).toEqual([match.hitId]);

      for (const text of [undefined, "Not him", "   short words here  "]) {
        const res = await decide(search.id, { hitId: match.hitId, decision: "false_positive", reason: "common_name", ...(text ? { text } : {}) });
        expect([res.status, res.json.error]).toEqual([400, expect.stringContaining("a written reason to clear a sanctions match")]);
        expect(res.json.error).toContain("at least 20 characters");
      }
      expect(await decisionsOf(search.id)).toEqual([]);

      // Born 1975, listed 1961: the same name is a near miss ("name matches, birth date differs"), cleared without words.
      const born = await screened({ details: { birthDate: "1975" } });
      const nearMiss = hitNamed(born, "ORLOV, Dmitri Pavlovich");
      expect(nearMiss.evidence?.nameMatchesBirthDateDiffers).toBe(true);
      expect(born.review.clearance.sanctionsMatchHitIds).toEqual([]);
      const near = await decide(born.id, { hitId: nearMiss.hitId, decision: "false_positive", reason: "different_birth_date" });
      expect(near.status).toBe(201);
      const words = "Our customer is a teacher in Leipzig, born 1975";
      const cleared = await decide(search.id, { hitId: match.hitId, decision: "false_positive", reason: "common_name", text: words });
      expect([cleared.status, cleared.json.text]).toEqual([201, words]);

      const other = await screened({});
      const confirmed = await decide(other.id, {
        hitId: hitNamed(other, "ORLOV, Dmitri Pavlovich").hitId,
        decision: "true_match",
        reason: "confirmed_identity",
      });
      expect(confirmed.status).toBe(201);
    } finally {
      await setSetting(false);
    }
  });
});
