import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { DEFAULT_SETTINGS } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { validRegistration } from "../helpers/registration.ts";

/** Per-address limits (429 with Retry-After), text without bidi controls, and a settings POST that changes only what it sends. */
const { registrationsPerAddressPerHour: REGISTRATIONS_PER_ADDRESS_PER_HOUR, bearerFailuresPerAddress: BEARER_FAILURES_PER_ADDRESS } = DEFAULT_SETTINGS;
let app: TestApp;
let admin: HttpClient;

beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(async () => {
  await app.stop();
});

const expectThrottled = (res: { status: number; headers: Headers; json: any }, message: RegExp) => {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.json.error).toMatch(message);
};

describe("throttles per client address", () => {
  test(`registration: ${REGISTRATIONS_PER_ADDRESS_PER_HOUR} an hour, then 429 with Retry-After and no account`, async () => {
    const http = new HttpClient(app.url);
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS_PER_HOUR; i++) {
      expect((await http.post("/api/auth/register", validRegistration())).status).toBe(201);
    }
    const late = validRegistration();
    expectThrottled(await http.post("/api/auth/register", late), /^Too many registrations from this address\. Try again in \d+ minutes?\.$/);
    expect(await app.db.select().from(schema.users).where(eq(schema.users.email, late.email))).toHaveLength(0);
  });

  test(`failed API-key and embed-token authentications: ${BEARER_FAILURES_PER_ADDRESS} in 15 minutes, then 429 even for a valid key`, async () => {
    const user = await createUser(app.db, { email: "keys@example.com", password: "password-1" });
    const { key } = await createApiKey(app.db, user.id, "integration");
    const call = (bearer: string) => new HttpClient(app.url).get("/api/v1/search/00000000-0000-0000-0000-000000000000", { authorization: `Bearer ${bearer}` });
    expect((await call(key)).status).toBe(404);
    for (let i = 0; i < BEARER_FAILURES_PER_ADDRESS; i++) {
      const res = await call(i % 2 ? "dck_not-a-key" : "dce_not-a-token");
      expect(res.status).toBe(401);
    }
    const message = /^Too many failed API key or embed token authentications from this address\. Try again in \d+ minutes?\.$/;
    expectThrottled(await call("dck_not-a-key"), message);
    expectThrottled(await call("dce_not-a-token"), message);
    expectThrottled(await call(key), message);
  });
});

describe("bidi controls and zero-width characters", () => {
  test("are removed from names and descriptions; the joiners Persian and Indic need are kept", async () => {
    const hook = await admin.post("/api/webhooks", {
      url: "https://hooks.example/duecheck",
      events: ["search.completed"],
      description: "Alerts\u202E for\u200B the\u2066 team\u2069\u200E\u200F\u061C\u2060\uFEFF, علی\u200Cزاده",
    });
    expect(hook.status).toBe(201);
    expect(hook.json.description).toBe("Alerts for the team, علی\u200Cزاده");
    const dataset = await admin.post("/api/sanctions/datasets", {
      name: "\u202BMirror\u202C list\u202D",
      type: "sanctions",
      format: "ofac_csv",
      url: "https://data.example.org/list.csv",
    });
    expect(dataset.status).toBe(201);
    expect(dataset.json.source_name).toBe("Mirror list");
  });
});

describe("POST /api/admin/settings saves the settings sent and leaves the rest", () => {
  test("the four pricing fields alone are saved; registrationOpen, four eyes, retention and the allowance stay", async () => {
    const before = (await admin.get("/api/admin/settings")).json;
    await admin.post("/api/admin/settings", { registrationOpen: false, fourEyesReview: true, retentionYears: 7 });
    const spec = { manualSearchCost: 9, automatedSearchCost: 3, initialCredits: 12, creditPackages: [{ credits: 50, price: 15 }] };
    const res = await admin.post("/api/admin/settings", spec);
    expect(res.status).toBe(200);
    const expected = { ...before, registrationOpen: false, fourEyesReview: true, retentionYears: 7, ...spec };
    expect(res.json).toEqual(expected);
    expect((await admin.get("/api/admin/settings")).json).toEqual(expected);

    // One field is enough; the others keep their values.
    expect((await admin.post("/api/admin/settings", { initialCredits: 20 })).json).toEqual({ ...expected, initialCredits: 20 });
    await admin.post("/api/admin/settings", { registrationOpen: true, fourEyesReview: false });
  });

  test("nothing, an unknown field or a bad value is 400 and changes nothing", async () => {
    const before = (await admin.get("/api/admin/settings")).json;
    for (const [body, error] of [
      [{}, /^Send at least one setting$/],
      [{ manualSearchCost: 1, colour: "red" }, /colour/],
      [{ manualSearchCost: 1.5 }, /^manualSearchCost must be a whole number$/],
      [{ webhooksAllowPrivateNetworks: "yes" }, /^webhooksAllowPrivateNetworks must be true or false$/],
    ] as const) {
      const res = await admin.post("/api/admin/settings", body);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(error);
    }
    expect((await admin.get("/api/admin/settings")).json).toEqual(before);
  });
});
