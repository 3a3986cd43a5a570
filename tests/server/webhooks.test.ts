import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { verifySignature } from "../../lib/webhooks/signature.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

/** /api/webhooks over real HTTP: the owner's webhooks, the secret answered once, validation, and a test event delivered. */
let app: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  app = await startApp();
  // The receiver is on 127.0.0.1: private networks are allowed for this test's server.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  receiver = startWebhookReceiver();
});
afterAll(async () => {
  receiver.stop();
  await app.stop();
});

describe("webhooks", () => {
  test("creation answers the whole secret once; the list shows it masked; PATCH and DELETE change it", async () => {
    const http = await signedIn(app, { email: "hooks@example.com", password: "password-1" });
    const created = await http.post("/api/webhooks", { url: receiver.url, events: ["search.completed", "batch.completed"], description: " CI " });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      url: receiver.url,
      events: ["search.completed", "batch.completed"],
      enabled: true,
      description: "CI",
      lastDelivery: null,
    });
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = await http.get("/api/webhooks");
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expect(list.json[0].secret).toBe(`whsec_…${created.json.secret.slice(-4)}`);
    expect(list.text).not.toContain(created.json.secret);

    const patched = await http.request("PATCH", `/api/webhooks/${created.json.id}`, { enabled: false, events: ["monitoring.changed"] });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ enabled: false, events: ["monitoring.changed"], description: "CI" });
    expect((await http.post(`/api/webhooks/${created.json.id}/test`)).status).toBe(409);

    expect((await http.request("DELETE", `/api/webhooks/${created.json.id}`)).status).toBe(200);
    expect((await http.get("/api/webhooks")).json).toEqual([]);
  });

  test("another user's webhook is 404 for every call, and is left unchanged", async () => {
    const owner = await signedIn(app, { email: "owner@example.com", password: "password-1" });
    const other = await signedIn(app, { email: "intruder@example.com", password: "password-1" });
    const { json: hook } = await owner.post("/api/webhooks", { url: "https://example.com/hooks", events: ["search.completed"] });
    for (const res of [
      await other.request("PATCH", `/api/webhooks/${hook.id}`, { enabled: false }),
      await other.request("DELETE", `/api/webhooks/${hook.id}`),
      await other.get(`/api/webhooks/${hook.id}/deliveries`),
      await other.post(`/api/webhooks/${hook.id}/test`),
      await other.get("/api/webhooks/not-an-id/deliveries"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: "Webhook not found" });
    }
    expect((await other.get("/api/webhooks")).json).toEqual([]);
    expect((await owner.get("/api/webhooks")).json[0]).toMatchObject({ id: hook.id, enabled: true });
  });

  test("a bad URL or event is 400 naming the problem, and nothing is stored", async () => {
    const http = await signedIn(app, { email: "bad@example.com", password: "password-1" });
    const cases: [unknown, string][] = [
      [{ url: "http://example.com/hooks", events: ["search.completed"] }, "URL must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])"],
      [{ url: "not a url", events: ["search.completed"] }, "URL must be a valid address such as https://example.com/hooks"],
      [{ url: "https://example.com", events: [] }, "Choose at least one event"],
      [
        { url: "https://example.com", events: ["search.done"] },
        "events must be among monitoring.changed, search.completed, batch.completed, review.decided, case.opened, case.assigned, case.escalated, case.closed",
      ],
      [{ events: ["search.completed"] }, "URL is required"],
    ];
    for (const [body, error] of cases) {
      const res = await http.post("/api/webhooks", body);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(error);
    }
    expect((await http.get("/api/webhooks")).json).toEqual([]);
    expect((await http.get("/api/webhooks/x/deliveries?limit=0")).status).toBe(400);
  });

  test("at most 10 webhooks per user", async () => {
    const http = await signedIn(app, { email: "many@example.com", password: "password-1" });
    for (let i = 0; i < 10; i++) expect((await http.post("/api/webhooks", { url: `https://example.com/${i}`, events: ["batch.completed"] })).status).toBe(201);
    const eleventh = await http.post("/api/webhooks", { url: "https://example.com/11", events: ["batch.completed"] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.json.error).toBe("You can have at most 10 webhooks. Delete one you no longer use.");
  });

  test("a test event reaches a loopback receiver signed with the secret and is listed as delivered", async () => {
    const http = await signedIn(app, { email: "tester@example.com", password: "password-1" });
    const { json: hook } = await http.post("/api/webhooks", { url: receiver.url, events: ["monitoring.changed"] });
    const sent = await http.post(`/api/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(202);
    const request = (await receiver.waitFor(1)).find((r) => r.headers["duecheck-delivery"] === sent.json.deliveryId)!;
    expect(request.headers["duecheck-event"]).toBe("webhook.test");
    expect(verifySignature(hook.secret, request.body, request.headers["duecheck-signature"])).toBe(true);

    let page: any;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await Bun.sleep(50)) {
      page = (await http.get(`/api/webhooks/${hook.id}/deliveries?limit=1`)).json;
      if (page.items[0]?.status === "delivered") break;
    }
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: sent.json.deliveryId, event: "webhook.test", status: "delivered", attempts: 1, lastStatusCode: 200 });
    expect((await http.get("/api/webhooks")).json[0].lastDelivery.status).toBe("delivered");
    const [row] = await app.db.select().from(schema.webhooks).where(eq(schema.webhooks.id, hook.id));
    // Stored sealed with the instance key; the last four characters stay readable for the masked view.
    expect(row.secret).toStartWith(`sealed1:${hook.secret.slice(-4)}:`);
    expect(row.secret).not.toContain(hook.secret.slice("whsec_".length, -4));
  });
});
