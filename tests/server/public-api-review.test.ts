/**
 * Review decisions over the public API: a search read with an API key carries its review and its hits' ids, a key
 * decides a hit of its owner's search, an embed token only when its owner asked for the decisions scope, and a
 * subscribed webhook receives the signed review.decided event. The OpenAPI document describes both calls.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { verifySignature } from "../../lib/webhooks/signature.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const ORLOV = "ORLOV, Dmitri Pavlovich";

let app: TestApp;
let stopApp: () => Promise<void>;
let receiver: WebhookReceiver;
let key: string;
let otherKey: string;

beforeAll(async () => {
  const news = {
    "Dmitri Orlov": [
      {
        title: "Dmitri Orlov charged with fraud and money laundering",
        url: "https://news.example/orlov-charged",
        seendate: "20260301T100000Z",
        domain: "news.example",
        language: "English",
        sourcecountry: "United Kingdom",
      },
    ],
  };
  ({ app, stop: stopApp } = await startScreeningApp(news, ENV));
  receiver = startWebhookReceiver();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  const owner = await createUser(app.db, { email: "integrator@example.com", password: "integrator-password", fullName: "Inge Grator", credits: 100 });
  key = (await createApiKey(app.db, owner.id, "Integration", { scopes: ["screen", "read", "review"] })).key;
  const other = await createUser(app.db, { email: "other@example.com", password: "other-password", credits: 100 });
  otherKey = (await createApiKey(app.db, other.id, "Other", { scopes: ["screen", "read", "review"] })).key;
}, 60_000);
afterAll(async () => {
  receiver.stop();
  await stopApp();
});

const call = async (method: string, path: string, body?: unknown, bearer = key) => {
  const res = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

/** A completed search of Dmitri Orlov, screened with the key given. */
async function screened(bearer = key) {
  const res = await call("POST", "/search?wait=30", { searchTerm: "Dmitri Orlov", entityType: "person" }, bearer);
  expect(res.json.status).toBe("completed");
  return res.json;
}
const orlovHit = (search: any) => search.sanctionsList.flatMap((row: any) => row.hits).find((h: any) => h.name === ORLOV);
const decide = (searchId: string, body: unknown, bearer = key) => call("POST", `/search/${searchId}/decisions`, body, bearer);

describe("review over the public API", () => {
  test("a search carries its review, and every hit its hitId", async () => {
    const search = await screened();
    expect(search.reviewStatus).toBe("needs_review");
    expect(search.review).toMatchObject({ status: "needs_review", decisions: [], history: [], notes: [], fourEyes: false });
    expect(search.review.openHits).toBeGreaterThanOrEqual(2);
    const ids = [...search.sanctionsList.flatMap((row: any) => row.hits), ...search.adverseMedia].map((h: any) => h.hitId);
    expect(ids.every((id: unknown) => typeof id === "string" && id !== "")).toBe(true);
    const read = await call("GET", `/search/${search.id}`);
    expect(read.json.review).toEqual(search.review);
  });

  test("an API key decides a hit of its owner's search (201), audited as the key; bad input, a decided hit and another user's search change nothing", async () => {
    const search = await screened();
    const hit = orlovHit(search);
    const cases: [unknown, number, RegExp][] = [
      [{ hitId: hit.hitId, decision: "maybe", reason: "common_name" }, 400, /decision must be true_match or false_positive/],
      [{ hitId: hit.hitId, decision: "false_positive", reason: "other" }, 400, /text is required/],
      [{ hitId: "s:nobody", decision: "false_positive", reason: "common_name" }, 404, /Hit not found/],
    ];
    for (const [body, status, error] of cases) {
      const res = await decide(search.id, body);
      expect([res.status, res.json.error]).toEqual([status, expect.stringMatching(error)]);
    }
    const foreign = await decide(search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" }, otherKey);
    expect([foreign.status, foreign.json.error]).toEqual([404, "Search not found"]);
    expect((await decide("not-a-search", { hitId: hit.hitId, decision: "false_positive", reason: "common_name" })).status).toBe(404);
    expect((await call("GET", `/search/${search.id}`)).json.review.history).toEqual([]);

    const res = await decide(search.id, { hitId: hit.hitId, decision: "false_positive", reason: "common_name", text: "Born 1985" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      searchId: search.id,
      hitId: hit.hitId,
      hitLabel: ORLOV,
      decision: "false_positive",
      reason: "common_name",
      text: "Born 1985",
      state: "decided",
      decidedBy: "Inge Grator",
    });
    const again = await decide(search.id, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" });
    expect([again.status, again.json.error]).toEqual([409, "This hit was already decided: pass replaces with its decision id to change it"]);

    const read = (await call("GET", `/search/${search.id}`)).json;
    expect(read.review.decisions).toEqual([res.json]);
    expect(read.review.openHits).toBe(search.review.openHits - 1);
    const audit = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "review.decided"), eq(schema.auditLog.targetId, search.id)));
    expect(audit.map((a) => a.actorKind)).toEqual(["api_key"]);
  });

  test("an embed token decides only with the decisions scope its owner asked for: 403 without it, 201 with it", async () => {
    const search = await screened();
    const hit = orlovHit(search);
    const plain = await call("POST", "/embed-tokens", {});
    expect(plain.json.scopes).toEqual(["screening"]);
    const refused = await decide(search.id, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" }, plain.json.token);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatch(/does not allow decisions calls/);
    // The same token still reads the search.
    expect((await call("GET", `/search/${search.id}`, undefined, plain.json.token)).json.review.decisions).toEqual([]);

    const allowed = await call("POST", "/embed-tokens", { scopes: ["screening", "decisions"] });
    expect([allowed.status, allowed.json.scopes]).toEqual([201, ["screening", "decisions"]]);
    const decided = await decide(search.id, { hitId: hit.hitId, decision: "true_match", reason: "confirmed_identity" }, allowed.json.token);
    expect(decided.status).toBe(201);
    expect(decided.json).toMatchObject({ decision: "true_match", decidedBy: "Inge Grator" });
    expect((await call("GET", `/search/${search.id}`)).json.review.status).toBe("confirmed");
  });

  test("the OpenAPI document describes the review of a search and the decisions call", async () => {
    const doc = await (await fetch(`${app.url}/api/v1/openapi.json`)).json();
    const post = doc.paths["/search/{searchId}/decisions"].post;
    expect(Object.keys(post.responses).sort()).toEqual(["201", "400", "401", "403", "404", "409", "429", "500"]);
    const body = post.requestBody.content["application/json"].schema;
    expect(body.required.sort()).toEqual(["decision", "hitId", "reason"]);
    expect(body.properties.decision.enum).toEqual(["true_match", "false_positive"]);
    expect(Object.keys(body.properties).sort()).toEqual(["decision", "hitId", "reason", "remember", "replaces", "text"]);
    const decision = post.responses["201"].content["application/json"].schema;
    expect(decision.properties.state.enum).toEqual(["proposed", "decided", "approved", "rejected", "replaced"]);
    const read = doc.paths["/search/{searchId}"].get.responses["200"].content["application/json"].schema;
    // The review status is one shared schema, so generated clients declare it once.
    expect(read.properties.review.properties.status).toEqual({ $ref: "#/components/schemas/ReviewStatus" });
    expect(doc.components.schemas.ReviewStatus.enum).toEqual(["no_hits", "needs_review", "cleared", "confirmed", "escalated"]);
    expect(Object.keys(read.properties.review.properties.decisions.items.properties)).toContain("hitId");
    const sanctionsHit = read.properties.sanctionsList.items.properties.hits.items;
    expect(sanctionsHit.required).toContain("hitId");
  });
});

describe("the review.decided webhook", () => {
  test("a subscribed webhook receives the decision and the review status that follows, signed", async () => {
    await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
    const http = new HttpClient(app.url);
    await http.signIn("integrator@example.com", "integrator-password");
    const hook = await http.post("/api/webhooks", { url: receiver.url, events: ["review.decided"] });
    expect(hook.status).toBe(201);
    const search = await screened();
    const hit = orlovHit(search);
    // Through the web app's call this time: every way of deciding sends the event.
    const decided = await http.post(`/api/searches/${search.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
    expect(decided.status).toBe(201);

    const [delivery] = await receiver.waitFor(1);
    expect(delivery.headers["duecheck-event"]).toBe("review.decided");
    expect(verifySignature(hook.json.secret, delivery.body, delivery.headers["duecheck-signature"])).toBe(true);
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ event: "review.decided", data: { searchId: search.id, searchTerm: "Dmitri Orlov" } });
    expect(event.data.decision).toEqual(decided.json);
    expect(event.data.review).toEqual({ status: "needs_review", openHits: search.review.openHits - 1 });
    expect(receiver.received).toHaveLength(1);
  });
});
