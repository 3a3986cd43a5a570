import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../lib/config.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { type RunningServer, startServer } from "../../server/start.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles, sdnFilesWith } from "../../support/ofac-sdn.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { TEST_DB } from "../helpers/database.ts";
import { setEnv } from "../helpers/env.ts";

// Every process answers from the current versions: each polls for new ones (here every 300 ms instead of 10 s).
const ENV = { DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_INDEX_REFRESH_MS: "300" };
let restoreEnv: () => void = () => {};
const SDN = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"];

let app: TestApp;
let list: ListServer;
let folder: string;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  list = await ListServer.start();
  folder = mkdtempSync(join(tmpdir(), "dc-refresh-"));
});
afterAll(async () => {
  await list.stop();
  await app.stop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

async function signedInAdmin(url: string) {
  const http = new HttpClient(url);
  await http.signIn("admin@test.local", "Admin-password-1");
  return http;
}

/** Polls a search until it finds the term; returns how long that took. */
async function timeUntilFound(http: HttpClient, term: string, limitMs = 30_000) {
  const start = Date.now();
  for (;;) {
    const res = await http.get(`/api/sanctions/search?term=${encodeURIComponent(term)}`);
    if (res.status === 200 && res.json.found) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`not found within ${limitMs} ms: ${res.status} ${res.text}`);
    await Bun.sleep(100);
  }
}

describe("every process answers from the current versions", () => {
  test("a version imported by the CLI (through the server's socket on PGlite) is searchable in the server within the poll interval", async () => {
    const admin = await signedInAdmin(app.url);
    expect((await admin.get("/api/sanctions/search?term=Karimov")).status).toBe(503);
    for (const [name, content] of Object.entries(sdnFiles())) writeFileSync(join(folder, name), content);
    const res = await runCli(["datasets", "import", "us_ofac_sdn", folder], app.env);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(await timeUntilFound(admin, "Rustam Karimov")).toBeLessThan(5_000);
  });

  test.if(TEST_DB === "postgres")("two servers on one PostgreSQL: a download through one is searchable in the other", async () => {
    const second: RunningServer = await startServer(loadConfig({ ...app.env, PORT: "0" }));
    try {
      const one = await signedInAdmin(app.url);
      const two = await signedInAdmin(second.url);
      expect(await timeUntilFound(two, "Rustam Karimov")).toBeLessThan(5_000);
      expect((await two.get("/api/sanctions/search?term=Ottoline%20Featherstonehaugh")).json.found).toBe(false);

      const files = sdnFilesWith([{ id: 5020, name: "FEATHERSTONEHAUGH, Ottoline", type: "individual" }]);
      for (const [name, content] of Object.entries(files)) list.publish(`/sdn/${name}`, content);
      const patched = await one.request("PATCH", "/api/sanctions/datasets/us_ofac_sdn", { urls: SDN.map((n) => ({ url: `${list.url}/sdn/${n}` })) });
      expect(patched.status).toBe(200);
      expect((await one.post("/api/sanctions/datasets/us_ofac_sdn/download")).json.status).toBe("success");
      // The server that downloaded answers from the new version at once, the other within its poll.
      expect((await one.get("/api/sanctions/search?term=Ottoline%20Featherstonehaugh")).json.found).toBe(true);
      expect(await timeUntilFound(two, "Ottoline Featherstonehaugh")).toBeLessThan(5_000);
    } finally {
      await second.stop();
    }
  });
});
