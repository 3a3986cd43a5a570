import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { teamMemberById } from "../../lib/auth/team-records.ts";
import type { Clock } from "../../lib/clock.ts";
import { JobQueue } from "../../lib/jobs/queue.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { queueWebhookEvent } from "../../lib/webhooks/events.ts";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../../lib/webhooks/retry-policy.ts";
import { queueDueRetries } from "../../lib/webhooks/retry-sweep.ts";
import { sealLegacyWebhookSecrets } from "../../lib/webhooks/secret-seal.ts";
import { verifySignature } from "../../lib/webhooks/signature.ts";
import { createWebhook, listWebhooks } from "../../lib/webhooks/webhooks.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import { openScreeningDb, type ScreeningDb, TEST_JOB_SETTINGS } from "../fixtures/screening.ts";
import { createUser } from "../helpers/app.ts";
import { TEST_INSTANCE_KEY } from "../helpers/instance-key.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

/**
 * Deliveries over real HTTP to a receiver on 127.0.0.1: the body, headers and signature a receiver gets, retries with
 * backoff (time moved by an injected clock, the sweep run by the test), the 24-hour window, and the refusal of
 * private addresses while the admin setting is off.
 */
let s: ScreeningDb;
let worker: JobQueue;
let receiver: WebhookReceiver;
let userId: string;
let now = new Date();
const clock: Clock = { now: () => now };
const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, clock };

beforeAll(async () => {
  s = await openScreeningDb({ concurrency: 0 });
  await startWebhookDeliveries(s.db, s.queue, { instanceKey: TEST_INSTANCE_KEY });
  // Another "process" runs the deliveries; the test sweeps for retries itself.
  worker = await JobQueue.start(s.database, { ...TEST_JOB_SETTINGS, concurrency: 2 });
  await startWebhookDeliveries(s.db, worker, { clock, sweepSeconds: 0, instanceKey: TEST_INSTANCE_KEY });
  await updateSystemSettings(s.db, { webhooksAllowPrivateNetworks: true });
  receiver = startWebhookReceiver();
  userId = (await createUser(s.db, { email: "hooks@example.com", password: "password-1" })).id;
});
afterAll(async () => {
  receiver.stop();
  await worker.stop();
  await s.close();
});

const deliveryRow = async (id: string) => (await s.db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, id)))[0];

async function waitForDelivery(id: string, until: (row: Awaited<ReturnType<typeof deliveryRow>>) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await deliveryRow(id);
    if (until(row)) return row;
    if (Date.now() > deadline) throw new Error(`delivery ${id}: ${JSON.stringify(row)}`);
    await Bun.sleep(50);
  }
}

const emit = async (payload: Record<string, unknown> = { entity: { name: "Jane Doe" } }) =>
  queueWebhookEvent(s.db, s.queue, { userId, event: "monitoring.changed", payload });

describe("delivery", () => {
  test("the receiver gets the JSON body, the headers and a signature that verifies with the secret", async () => {
    const hook = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    const [id] = await emit({ entity: { name: "Jane Doe" }, riskLevel: { before: "low", after: "high" } });
    const [request] = await receiver.waitFor(1);
    const row = await waitForDelivery(id, (r) => r.status === "delivered");

    expect(JSON.parse(request.body)).toEqual({
      id,
      event: "monitoring.changed",
      createdAt: row.createdAt.toISOString(),
      data: { entity: { name: "Jane Doe" }, riskLevel: { before: "low", after: "high" } },
    });
    expect(request.path).toBe("/hooks");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toBe("duecheck-webhooks/1");
    expect(request.headers["duecheck-event"]).toBe("monitoring.changed");
    expect(request.headers["duecheck-delivery"]).toBe(id);
    const signature = request.headers["duecheck-signature"];
    expect(signature).toStartWith(`t=${Math.floor(now.getTime() / 1000)},v1=`);
    expect(verifySignature(hook.secret, request.body, signature, Math.floor(now.getTime() / 1000))).toBe(true);
    expect(verifySignature("whsec_wrong", request.body, signature, Math.floor(now.getTime() / 1000))).toBe(false);
    expect(row).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
    expect(row.deliveredAt).not.toBeNull();
    await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
  });

  test("the secret is stored sealed; a row still in clear signs until sealing, then signs the same", async () => {
    const hook = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    const stored = async () => (await s.db.select().from(schema.webhooks).where(eq(schema.webhooks.id, hook.id)))[0].secret!;
    expect(await stored()).toStartWith("sealed1:");
    expect(await stored()).not.toContain(hook.secret.slice("whsec_".length, -4));
    const signedWith = async (secret: string) => {
      const before = receiver.received.length;
      const [id] = await emit();
      await waitForDelivery(id, (r) => r.status === "delivered");
      const request = receiver.received.slice(before).find((r) => r.headers["duecheck-delivery"] === id)!;
      return verifySignature(secret, request.body, request.headers["duecheck-signature"], Math.floor(now.getTime() / 1000));
    };
    expect(await signedWith(hook.secret)).toBe(true);

    // A row written before secrets were sealed holds the secret itself.
    await s.db.update(schema.webhooks).set({ secret: hook.secret }).where(eq(schema.webhooks.id, hook.id));
    expect(await signedWith(hook.secret)).toBe(true);
    expect(await sealLegacyWebhookSecrets(s.db, TEST_INSTANCE_KEY)).toBe(1);
    expect(await sealLegacyWebhookSecrets(s.db, TEST_INSTANCE_KEY)).toBe(0);
    expect(await stored()).toStartWith("sealed1:");
    expect(await signedWith(hook.secret)).toBe(true);
    const [view] = (await listWebhooks(s.db, await teamMemberById(s.db, userId))).filter((w) => w.id === hook.id);
    expect(view.secret).toBe(`whsec_…${hook.secret.slice(-4)}`);
    await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
  });

  test("a host name is resolved and the address checked is the one connected to, with the URL's host in Host", async () => {
    const url = receiver.url.replace("127.0.0.1", "localhost");
    const hook = await createWebhook(s.db, userId, { url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    const before = receiver.received.length;
    const [id] = await emit();
    await waitForDelivery(id, (r) => r.status === "delivered");
    const request = receiver.received.slice(before).find((r) => r.headers["duecheck-delivery"] === id)!;
    expect(request.headers.host).toBe(new URL(url).host);
    await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
  });

  test("a 500 is recorded and retried once its backoff has passed; the 200 that follows delivers it", async () => {
    const hook = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    const before = receiver.received.length;
    receiver.answers.push(500);
    const [id] = await emit();
    const failed = await waitForDelivery(id, (r) => r.attempts === 1 && r.lastStatusCode !== null);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    expect(failed.lastError).toBe("HTTP 500: receiver says no (500)");

    // 29 s later the retry is not due; at 30 s it is.
    now = new Date(now.getTime() + 29_000);
    expect(await queueDueRetries(s.db, s.queue, policy)).toBe(0);
    now = new Date(now.getTime() + 1_000);
    expect(await queueDueRetries(s.db, s.queue, policy)).toBe(1);
    const delivered = await waitForDelivery(id, (r) => r.status === "delivered");
    expect(delivered).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null });
    expect(receiver.received.length - before).toBe(2);
    // Sweeping again queues nothing: the delivery is done.
    now = new Date(now.getTime() + 3600_000);
    expect(await queueDueRetries(s.db, s.queue, policy)).toBe(0);
    await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
  });

  test("a failure whose next attempt would fall after 24 hours fails the delivery", async () => {
    const hook = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    receiver.answers.push(503);
    // The attempt happens 23 h 59 min 50 s after the event: the next one (30 s later) is outside the window.
    now = new Date(Date.now() + 24 * 3600_000 - 10_000);
    const [id] = await emit();
    const row = await waitForDelivery(id, (r) => r.status !== "pending");
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 503 });
    now = new Date(now.getTime() + 3600_000);
    expect(await queueDueRetries(s.db, s.queue, policy)).toBe(0);
    now = new Date();
    await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
  });

  test("a redirect is not followed: it is a failed attempt naming where it led", async () => {
    const hook = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    receiver.answers.push(302);
    const [id] = await emit();
    const row = await waitForDelivery(id, (r) => r.attempts === 1 && r.lastStatusCode !== null);
    expect(row).toMatchObject({ status: "pending", lastStatusCode: 302 });
    expect(row.lastError).toStartWith("HTTP 302 (redirect to ? not followed)");
    await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
  });

  test("a delivery whose first job never ran is queued by the sweep a minute after the event", async () => {
    const hook = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    // Written without its job, as by a process that runs no job queue (a CLI command changing a case).
    const [id] = await queueWebhookEvent(s.db, null, { userId, event: "monitoring.changed", payload: {} });
    const row = await deliveryRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    now = new Date(row.createdAt.getTime() + 59_000);
    expect(await queueDueRetries(s.db, s.queue, policy)).toBe(0);
    now = new Date(row.createdAt.getTime() + 61_000);
    expect(await queueDueRetries(s.db, s.queue, policy)).toBe(1);
    expect(await waitForDelivery(row.id, (r) => r.status === "delivered")).toMatchObject({ attempts: 1, lastStatusCode: 200 });
    now = new Date();
    await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
  });

  test("with private networks not allowed, a loopback URL is refused before connecting, saying why", async () => {
    const hook = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    await updateSystemSettings(s.db, { webhooksAllowPrivateNetworks: false });
    try {
      const before = receiver.received.length;
      const [id] = await emit();
      const row = await waitForDelivery(id, (r) => r.attempts === 1 && r.lastError !== null);
      expect(row.status).toBe("pending");
      expect(row.lastStatusCode).toBeNull();
      expect(row.lastError).toBe(
        "Refused: 127.0.0.1 is a loopback address; outgoing requests reach only public addresses unless an administrator allows private networks in the settings",
      );
      expect(receiver.received.length).toBe(before);
    } finally {
      await updateSystemSettings(s.db, { webhooksAllowPrivateNetworks: true });
      await s.db.delete(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
    }
  });
});

describe("events", () => {
  test("an event goes only to the enabled webhooks of that user that subscribe to it", async () => {
    const other = (await createUser(s.db, { email: "other-hooks@example.com", password: "password-1" })).id;
    const wanted = await createWebhook(s.db, userId, { url: receiver.url, events: ["search.completed", "monitoring.changed"] }, TEST_INSTANCE_KEY);
    const otherEvent = await createWebhook(s.db, userId, { url: receiver.url, events: ["batch.completed"] }, TEST_INSTANCE_KEY);
    const disabled = await createWebhook(s.db, userId, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);
    await s.db.update(schema.webhooks).set({ enabled: false }).where(eq(schema.webhooks.id, disabled.id));
    const otherUsers = await createWebhook(s.db, other, { url: receiver.url, events: ["monitoring.changed"] }, TEST_INSTANCE_KEY);

    const ids = await emit();
    expect(ids.length).toBe(1);
    expect((await deliveryRow(ids[0])).webhookId).toBe(wanted.id);
    for (const hook of [otherEvent, disabled, otherUsers]) {
      expect(await s.db.$count(schema.webhookDeliveries, eq(schema.webhookDeliveries.webhookId, hook.id))).toBe(0);
    }
    await waitForDelivery(ids[0], (r) => r.status === "delivered");
    // The test event goes to the one webhook named.
    const test = await queueWebhookEvent(s.db, s.queue, { userId, event: "webhook.test", payload: {}, webhookId: otherEvent.id });
    expect((await deliveryRow(test[0])).webhookId).toBe(otherEvent.id);
    await waitForDelivery(test[0], (r) => r.status === "delivered");
  });

  test("an event queued in a transaction that rolls back leaves no delivery", async () => {
    const count = () => s.db.$count(schema.webhookDeliveries);
    const before = await count();
    await expect(
      s.db.transaction(async (tx) => {
        expect((await queueWebhookEvent(tx, s.queue, { userId, event: "monitoring.changed", payload: {} })).length).toBe(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await count()).toBe(before);
  });
});
