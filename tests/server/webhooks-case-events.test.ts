/**
 * The case webhook events over real HTTP, delivered to a receiver on 127.0.0.1 and checked against their signature:
 * a screening that needs review opens a case (case.opened), assigning it (case.assigned), escalating it
 * (case.escalated) and closing it (case.closed). A refused change (closing with undecided hits) sends nothing, nor do
 * notes or the move to investigating. Another organisation's member, and an analyst of the organisation who does not
 * read the case, get no delivery; a member hears of the changes made while they read the case.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { verifySignature } from "../../lib/webhooks/signature.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { memberOf, screened } from "../helpers/organisation-walk.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
const CASE_EVENTS = ["case.opened", "case.assigned", "case.escalated", "case.closed"];

let app: TestApp;
let stopApp: () => Promise<void>;
let receiver: WebhookReceiver;
let owner: HttpClient;
let organisationId: string;
let analyst: { id: string; http: HttpClient };
let peer: { id: string; http: HttpClient };
let reviewer: { id: string; http: HttpClient };
let outsider: HttpClient;
const secrets: Record<string, string> = {};
const hookIds: Record<string, string> = {};

async function subscribe(who: string, http: HttpClient) {
  const res = await http.post("/api/webhooks", { url: `${receiver.url}/${who}`, events: CASE_EVENTS });
  expect(res.status).toBe(201);
  secrets[who] = res.json.secret;
  hookIds[who] = res.json.id;
}

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  receiver = startWebhookReceiver();
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  owner = await signedIn(app, { email: "owner@example.com", password: "owner-password-1", fullName: "Olga Owner", credits: 1000 });
  organisationId = (await owner.get("/api/auth/me")).json.organisation.id;
  analyst = await memberOf(app, organisationId, "analyst", "analyst@example.com");
  peer = await memberOf(app, organisationId, "analyst", "peer@example.com");
  reviewer = await memberOf(app, organisationId, "reviewer", "reviewer@example.com");
  outsider = await signedIn(app, { email: "outsider@example.com", password: "outsider-password-1", credits: 1000 });
  // Analysts read only their own cases: the peer's integration must not hear of the analyst's.
  expect((await owner.put("/api/organisation/settings", { membersSeeTeam: false })).status).toBe(200);
  await subscribe("owner", owner);
  await subscribe("analyst", analyst.http);
  await subscribe("peer", peer.http);
  await subscribe("outsider", outsider);
}, 180_000);
afterAll(async () => {
  receiver.stop();
  await stopApp();
});

/** The deliveries to one member's webhook so far, their signatures checked, as the events' bodies. */
function eventsOf(who: string) {
  return receiver.received
    .filter((r) => r.path === `/hooks/${who}`)
    .map((r: ReceivedRequest) => {
      expect(verifySignature(secrets[who], r.body, r.headers["duecheck-signature"])).toBe(true);
      expect(r.headers["duecheck-event"]).toBe(JSON.parse(r.body).event);
      return JSON.parse(r.body);
    });
}

/** Waits until the member's webhook has received `count` events, and answers them. */
async function received(who: string, count: number) {
  const deadline = Date.now() + 30_000;
  while (eventsOf(who).length < count) {
    if (Date.now() > deadline) throw new Error(`${who} received ${eventsOf(who).length} of ${count} events`);
    await Bun.sleep(50);
  }
  return eventsOf(who);
}

async function deliveriesTo(who: string) {
  return app.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.webhookId, hookIds[who]));
}

describe("case webhook events", () => {
  test("opened, assigned, escalated and closed reach the members who read the case, signed, once each", async () => {
    const search = await screened(analyst.http, "Dmitri Orlov");
    expect(search.review.status).toBe("needs_review");
    const caseId = search.caseId;
    expect(caseId).toEqual(expect.any(String));

    const [opened] = await received("owner", 1);
    expect(opened).toMatchObject({
      event: "case.opened",
      data: {
        case: {
          id: caseId,
          organisation: { id: organisationId, name: expect.any(String) },
          status: "open",
          outcome: null,
          priority: "sanctions",
          assignee: null,
          subject: { name: "Dmitri Orlov", entityType: "person" },
        },
        by: null,
        reopened: false,
        url: `/cases/${caseId}`,
      },
    });
    const read = (await owner.get(`/api/cases/${caseId}`)).json;
    expect(opened.data.case.dueAt).toBe(read.dueAt);

    // A move to investigating and a note are no events.
    expect((await owner.post(`/api/cases/${caseId}/status`, { status: "investigating" })).status).toBe(200);
    expect((await owner.post(`/api/cases/${caseId}/notes`, { text: "Looking into it" })).status).toBe(201);

    expect((await owner.put(`/api/cases/${caseId}/assignee`, { assignee: analyst.id })).status).toBe(200);
    const assigned = (await received("owner", 2))[1];
    expect(assigned).toMatchObject({
      event: "case.assigned",
      data: {
        case: { id: caseId, status: "investigating", assignee: { id: analyst.id, name: "analyst" } },
        by: { id: expect.any(String), name: "Olga Owner" },
        previousAssignee: null,
        auto: false,
      },
    });

    expect((await analyst.http.post(`/api/cases/${caseId}/escalate`, { reason: "Same birth year as the listing" })).status).toBe(200);
    const escalated = (await received("owner", 3))[2];
    expect(escalated).toMatchObject({
      event: "case.escalated",
      data: { case: { id: caseId, assignee: null, escalatedAt: expect.any(String) }, by: { id: analyst.id }, reason: "Same birth year as the listing" },
    });

    // Closing with an undecided hit is refused, and its rolled-back change sends nothing.
    const refused = await reviewer.http.post(`/api/cases/${caseId}/status`, { status: "closed", outcome: "false_positive" });
    expect(refused.status).toBe(409);
    const hits = search.results.sanctionsList.flatMap((row: any) => row.hits);
    for (const hit of hits) {
      const res = await reviewer.http.post(`/api/searches/${search.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "common_name" });
      expect(res.status).toBe(201);
    }
    expect((await reviewer.http.post(`/api/cases/${caseId}/status`, { status: "closed", outcome: "false_positive" })).status).toBe(200);
    const closed = (await received("owner", 4))[3];
    expect(closed).toMatchObject({
      event: "case.closed",
      data: { case: { id: caseId, status: "closed", outcome: "false_positive", closedAt: expect.any(String) }, by: { id: reviewer.id } },
    });
    expect(JSON.stringify(closed)).not.toContain("whsec_");

    expect(eventsOf("owner").map((e) => e.event)).toEqual(CASE_EVENTS);
    // The analyst, kept apart from the team's screenings, reads the case once their screening is in it: after it opened.
    expect((await received("analyst", 3)).map((e) => e.event)).toEqual(["case.assigned", "case.escalated", "case.closed"]);
    // Each event once, to each webhook that wants it: four rows for the owner's, none for another organisation's member
    // nor for the analyst who does not read the case.
    expect((await deliveriesTo("owner")).map((d) => d.event).sort()).toEqual([...CASE_EVENTS].sort());
    expect(await deliveriesTo("outsider")).toEqual([]);
    expect(await deliveriesTo("peer")).toEqual([]);
    expect(eventsOf("outsider")).toEqual([]);
    expect(eventsOf("peer")).toEqual([]);
  });

  test("a new hit reopens the closed case: case.opened again, with reopened and why; unsubscribed or disabled webhooks get nothing", async () => {
    const partial = await owner.post("/api/webhooks", { url: `${receiver.url}/partial`, events: ["case.closed"] });
    const off = await owner.post("/api/webhooks", { url: `${receiver.url}/off`, events: CASE_EVENTS });
    expect((await owner.request("PATCH", `/api/webhooks/${off.json.id}`, { enabled: false })).status).toBe(200);
    const before = eventsOf("owner").length;
    const search = await screened(analyst.http, "Dmitri Orlov");
    const reopened = (await received("owner", before + 1))[before];
    expect(reopened).toMatchObject({
      event: "case.opened",
      data: { case: { id: search.caseId, status: "open", outcome: null, closedAt: null }, by: null, reopened: true, reason: expect.stringContaining("ORLOV") },
    });
    const rows = await app.db
      .select({ event: schema.webhookDeliveries.event })
      .from(schema.webhookDeliveries)
      .where(inArray(schema.webhookDeliveries.webhookId, [partial.json.id, off.json.id]));
    expect(rows).toEqual([]);
  });
});
