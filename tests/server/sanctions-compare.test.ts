import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFilesWith } from "../../support/ofac-sdn.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";

// POST /api/sanctions/compare over HTTP: plain weights before any list is downloaded, then the weights of the
// server's index (held in its worker thread) once a list where a dozen people are called Muhammad is in.
const ENV = { DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_DOWNLOAD_TIMEOUT_MS: "1500" };
const SURNAMES = ["RAHIMI", "KARIMI", "NASSER", "HAIDARI", "SALEH", "QURESHI", "FAROOQ", "JABER", "MANSOUR", "OMAR", "YOUSEF", "ZAIDI"];

let restoreEnv: () => void = () => {};
let app: TestApp;
let list: ListServer;
let admin: HttpClient;
let user: HttpClient;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  list = await ListServer.start();
  const people = SURNAMES.map((surname, i) => ({ id: 6000 + i, name: `${surname}, Muhammad`, type: "individual" as const }));
  for (const [name, content] of Object.entries(sdnFilesWith(people))) list.publish(`/sdn/${name}`, content);
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  user = await signedIn(app, { email: "analyst@example.com", password: "analyst-password" });
});
afterAll(async () => {
  await list.stop();
  await app.stop();
  restoreEnv();
});

const compare = (body: unknown, client = user) => client.request("POST", "/api/sanctions/compare", body);

describe("POST /api/sanctions/compare", () => {
  test("answers the score, the decision, the best candidate name and which parts matched how", async () => {
    const res = await compare({ query: "Vladimir Putin", candidate: "PUTIN, Vladimir Vladimirovich" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ decision: "match", matchedName: "PUTIN, Vladimir Vladimirovich", weights: "plain" });
    expect(res.json.score).toBeGreaterThan(0.8);
    expect(res.json.explanation.parts).toEqual([
      { query: "Vladimir", listed: "Vladimir", how: "exact", similarity: 1 },
      { query: "Putin", listed: "PUTIN", how: "exact", similarity: 1 },
      { query: null, listed: "Vladimirovich", how: "extra", similarity: 0 },
    ]);
    const company = await compare({ query: "Acme Holdings Ltd", candidate: "ACME Holding Limited", type: "company" });
    expect(company.json.explanation.parts).toContainEqual({ query: "Holdings", listed: "Holding", how: "spelling", similarity: expect.any(Number) });
    const far = await compare({ query: "Maria Gonzalez", candidate: "Tariq Hassan", type: "person" });
    expect(far.json.decision).toBe("no_match");
  });

  test("needs a signed-in user", async () => {
    const res = await compare({ query: "A", candidate: "B" }, new HttpClient(app.url));
    expect(res.status).toBe(401);
  });

  test.each([
    [{ candidate: "B" }, "query is required"],
    [{ query: "A", candidate: "   " }, "candidate must not be blank"],
    [{ query: "A", candidate: "B", type: "vessel" }, "type must be person or company"],
    [{ query: "A", candidate: "B", threshold: 0.1 }, "Unknown field: threshold"],
    [{ query: 42, candidate: "B" }, "query must be a string"],
    [{ query: "x".repeat(201), candidate: "B" }, "query must be at most 200 characters"],
  ])("refuses %j with 400: %s", async (body, message) => {
    const res = await compare(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  test("once a list is downloaded, name parts weigh their rarity in it: a common given name counts for less", async () => {
    const pair = { query: "Muhammad Tahir", candidate: "Muhammad Bashir" };
    const plain = await compare(pair);
    expect(plain.json.weights).toBe("plain");
    expect(
      (
        await admin.request("PATCH", "/api/sanctions/datasets/us_ofac_sdn", {
          urls: Object.keys(sdnFilesWith([])).map((name) => ({ name, url: `${list.url}/sdn/${name}` })),
        })
      ).status,
    ).toBe(200);
    const download = await admin.request("POST", "/api/sanctions/datasets/us_ofac_sdn/download");
    expect(download.json.status).toBe("success");
    const weighed = await compare(pair);
    expect(weighed.json.weights).toBe("lists");
    expect(weighed.json.score).toBeLessThan(plain.json.score);
    const rare = await compare({ query: "Muhammad Zaidi", candidate: "ZAIDI, Muhammad" });
    expect(rare.json).toMatchObject({ decision: "match", weights: "lists" });
  });
});
