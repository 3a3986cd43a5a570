import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { startApp, type TestApp } from "../helpers/app.ts";

/**
 * The one guard for outgoing requests, over HTTP: dataset and webhook URLs refused when saved in every spelling of
 * a non-public address, redirects checked at every hop of a download, and the allowance as an admin setting.
 */
let app: TestApp;
let admin: HttpClient;

const HINT = "outgoing requests reach only public addresses unless an administrator allows private networks in the settings";
const refusal = (address: string, reason: string) => `Refused: ${address} is a ${reason} address; ${HINT}`;

/** A server on 127.0.0.1 that counts its requests and answers with the function given. */
function stand(answer: (url: URL) => Response) {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      stood.hits++;
      return answer(new URL(request.url));
    },
  });
  const stood = { hits: 0, url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
  return stood;
}

beforeAll(async () => {
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(async () => {
  await app.stop();
});

const setAllowance = async (on: boolean) => expect((await admin.post("/api/admin/settings", { webhooksAllowPrivateNetworks: on })).status).toBe(200);
const addDataset = (url: string, name = "Mirror list") => admin.post("/api/sanctions/datasets", { name, type: "sanctions", format: "ofac_csv", url });
const datasetCount = async () => (await app.db.select({ n: count() }).from(schema.sanctionsDatasets))[0].n;
const webhookCount = async () => (await app.db.select({ n: count() }).from(schema.webhooks))[0].n;

describe("addresses refused when a URL is saved, in every spelling", () => {
  const spellings: [host: string, address: string, reason: string][] = [
    ["127.0.0.1", "127.0.0.1", "loopback"],
    ["2130706433", "127.0.0.1", "loopback"],
    ["0177.0.0.1", "127.0.0.1", "loopback"],
    ["0x7f.0.0.1", "127.0.0.1", "loopback"],
    ["0x7f000001", "127.0.0.1", "loopback"],
    ["127.1", "127.0.0.1", "loopback"],
    ["[::ffff:127.0.0.1]", "::ffff:7f00:1", "loopback"],
    ["[::ffff:7f00:1]", "::ffff:7f00:1", "loopback"],
    ["[::1]", "::1", "loopback"],
    ["0.0.0.0", "0.0.0.0", "unspecified"],
    ["0", "0.0.0.0", "unspecified"],
    ["[::]", "::", "unspecified"],
    ["169.254.169.254", "169.254.169.254", "link-local"],
    ["[fe80::1]", "fe80::1", "link-local"],
    ["[fc00::1]", "fc00::1", "unique-local"],
    ["[fd12:3456::1]", "fd12:3456::1", "unique-local"],
    ["10.0.0.1", "10.0.0.1", "private"],
    ["172.16.0.1", "172.16.0.1", "private"],
    ["192.168.1.1", "192.168.1.1", "private"],
    ["100.64.0.1", "100.64.0.1", "carrier-grade NAT"],
    ["[::ffff:a9fe:a9fe]", "::ffff:a9fe:a9fe", "link-local"],
  ];

  test.each(spellings)("%s: a dataset URL and a webhook URL are 400 with the same message, and nothing is saved", async (host, address, reason) => {
    const [datasets, webhooks] = [await datasetCount(), await webhookCount()];
    const dataset = await addDataset(`https://${host}/list.csv`);
    expect({ status: dataset.status, error: dataset.json.error }).toEqual({ status: 400, error: refusal(address, reason) });
    const patched = await admin.request("PATCH", "/api/sanctions/datasets/us_ofac_sdn", { url: `http://${host}:8080/sdn.csv` });
    expect({ status: patched.status, error: patched.json.error }).toEqual({ status: 400, error: refusal(address, reason) });
    const hook = await admin.post("/api/webhooks", { url: `https://${host}/hooks`, events: ["search.completed"] });
    expect({ status: hook.status, error: hook.json.error }).toEqual({ status: 400, error: refusal(address, reason) });
    expect([await datasetCount(), await webhookCount()]).toEqual([datasets, webhooks]);
  });

  test("a host name is resolved and refused by the address it resolves to", async () => {
    const hook = await admin.post("/api/webhooks", { url: "http://localhost:9/hooks", events: ["search.completed"] });
    expect(hook.status).toBe(400);
    expect(hook.json.error).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address; /);
    const dataset = await addDataset("http://localhost:9/list.csv");
    expect(dataset.json.error).toBe(hook.json.error.replace(/\/hooks/, ""));
  });

  test("the webhook on 127.0.0.1 that delivery would refuse is refused at creation; allowed, it is created", async () => {
    const url = "http://127.0.0.1:9/hooks";
    expect((await admin.post("/api/webhooks", { url, events: ["search.completed"] })).json.error).toBe(refusal("127.0.0.1", "loopback"));
    await setAllowance(true);
    try {
      expect((await admin.post("/api/webhooks", { url, events: ["search.completed"] })).status).toBe(201);
      expect((await addDataset("http://127.0.0.1:9/list.csv", "Loopback mirror")).status).toBe(201);
    } finally {
      await setAllowance(false);
    }
  });
});

describe("downloads: every redirect hop is checked", () => {
  test("with the allowance off, a 127.0.0.1 server answering 302 to 127.0.0.1 is not reached, and the download says why", async () => {
    const target = stand(() => new Response("never"));
    const redirector = stand(() => Response.redirect(`${target.url}/list.csv`, 302));
    try {
      await setAllowance(true);
      const added = await addDataset(`${redirector.url}/list.csv`, "Redirected list");
      expect(added.status).toBe(201);
      await setAllowance(false);
      const res = await admin.post(`/api/sanctions/datasets/${added.json.id}/download`);
      expect(res.status).toBe(502);
      expect(res.json.error).toBe(`Download of ${added.json.id} failed: ${refusal("127.0.0.1", "loopback")}`);
      expect([redirector.hits, target.hits]).toEqual([0, 0]);
    } finally {
      target.stop();
      redirector.stop();
    }
  });

  test("allowed, a redirect is followed to its target; a hop to another scheme or past five redirects is refused", async () => {
    const target = stand(() => new Response("not a list"));
    const redirector = stand((url) => {
      if (url.pathname === "/to-target") return Response.redirect(`${target.url}/list.csv`, 302);
      if (url.pathname === "/to-ftp") return new Response(null, { status: 301, headers: { location: "ftp://127.0.0.1/list.csv" } });
      const n = Number(url.pathname.slice("/loop/".length));
      return new Response(null, { status: 307, headers: { location: `/loop/${n + 1}` } });
    });
    await setAllowance(true);
    try {
      const followed = await addDataset(`${redirector.url}/to-target`, "Followed list");
      const download = async (id: string) => (await admin.post(`/api/sanctions/datasets/${id}/download`)).json.error as string;
      await download(followed.json.id);
      expect(target.hits).toBe(1);

      const ftp = await addDataset(`${redirector.url}/to-ftp`, "Ftp list");
      expect(await download(ftp.json.id)).toBe(`Download of ${ftp.json.id} failed: URL must start with http:// or https://`);
      const loop = await addDataset(`${redirector.url}/loop/0`, "Loop list");
      expect(await download(loop.json.id)).toBe(`Download of ${loop.json.id} failed: ${redirector.url}/loop/0 redirected more than 5 times`);
      expect(target.hits).toBe(1);
    } finally {
      await setAllowance(false);
      target.stop();
      redirector.stop();
    }
  });
});

describe("the allowance is an admin setting", () => {
  test("GET /api/admin/settings shows it; a user may not change it", async () => {
    expect((await admin.get("/api/admin/settings")).json.webhooksAllowPrivateNetworks).toBe(false);
    const user = new HttpClient(app.url);
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.email, "admin@test.local"));
    expect(row.role).toBe("admin");
    expect((await user.post("/api/admin/settings", { webhooksAllowPrivateNetworks: true })).status).toBe(401);
    expect((await admin.get("/api/admin/settings")).json.webhooksAllowPrivateNetworks).toBe(false);
  });
});
