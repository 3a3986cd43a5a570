/**
 * DUECHECK_PUBLIC_URL: links that leave the app (batch exports, webhook payloads, the OpenAPI document's server) are
 * absolute with it; a value that is not an app address stops the start with a clear message.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import { loadConfig, publicBaseUrl } from "../../lib/config.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importSdn, keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

const PUBLIC = "https://duecheck.example.com/compliance";
let app: TestApp;
let restoreEnv: () => void;
let receiver: WebhookReceiver;
let http: HttpClient;
let key: string;

beforeAll(async () => {
  // a trailing slash is dropped: links never have "//"
  const env = { DUECHECK_PUBLIC_URL: `${PUBLIC}/` };
  // the server's configuration, and the environment the workers (webhook payloads) read, as `duecheck serve` has both
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none", ...env });
  app = await startApp({ env });
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importSdn(app.db);
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  receiver = startWebhookReceiver();
  const user = await createUser(app.db, { email: "links@example.com", password: "password-1", credits: 100 });
  key = (await createApiKey(app.db, user.id, "Links")).key;
  http = new HttpClient(app.url);
  await http.signIn("links@example.com", "password-1");
  expect((await http.post("/api/webhooks", { url: receiver.url, events: ["search.completed", "batch.completed"] })).status).toBe(201);
});
afterAll(async () => {
  receiver.stop();
  await app.stop();
  restoreEnv();
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${app.url}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers ?? {}) } });

async function payloadOf(event: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = receiver.received.map((r) => JSON.parse(r.body)).find((body) => body.event === event);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${event} delivery`);
    await Bun.sleep(100);
  }
}

test("a completed search's webhook payload links to the search at the public address", async () => {
  const res = await api("/search?wait=30", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ searchTerm: "Jane Example" }),
  });
  const search = await res.json();
  expect(search.status).toBe("completed");
  const delivered = await payloadOf("search.completed");
  expect(JSON.stringify(delivered)).toContain(`"url":"${PUBLIC}/searches/${search.id}"`);
});

test("a batch's export and its webhook payload link at the public address", async () => {
  const form = new FormData();
  form.append("file", new File(["Name,Type\nRustam Karimov,person\n"], "links.csv", { type: "text/csv" }));
  const accepted = await (await api("/batch", { method: "POST", body: form })).json();
  const delivered = await payloadOf("batch.completed");
  expect(JSON.stringify(delivered)).toContain(`"url":"${PUBLIC}/batch/${accepted.batchId}"`);

  const csv = await (await http.request("GET", `/api/batch-jobs/${accepted.batchId}/export?format=csv`)).text;
  const results = (await http.get(`/api/batch-jobs/${accepted.batchId}/results`)).json.items as { searchId: string }[];
  expect(csv).toContain(`${PUBLIC}/searches/${results[0].searchId}`);
});

test("the OpenAPI document names the public address as its server", async () => {
  const doc = await (await fetch(`${app.url}/api/v1/openapi.json`)).json();
  expect(doc.servers).toEqual([{ url: `${PUBLIC}/api/v1` }]);
});

test("a public URL that is not an app address is refused when the app starts, naming the setting", () => {
  for (const bad of ["duecheck.example.com", "ftp://duecheck.example.com", "https://duecheck.example.com/?tenant=1", "https://user:pw@duecheck.example.com"]) {
    expect(() => loadConfig({ DUECHECK_PUBLIC_URL: bad })).toThrow(/DUECHECK_PUBLIC_URL must/);
  }
  expect(loadConfig({}).publicUrl).toBeNull();
  expect(publicBaseUrl({ DUECHECK_PUBLIC_URL: "http://localhost:8080/" })).toBe("http://localhost:8080");
});
