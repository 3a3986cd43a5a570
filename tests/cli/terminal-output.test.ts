/**
 * What a terminal shows: tables fitted to its width (COLUMNS on piped output) instead of wrapping their columns, and
 * the advice for lists without data when the network could not be reached.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";

const ENV = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" };
let restoreEnv: () => void;
let app: TestApp;
let list: ListServer;
let env: Record<string, string>;
const ids: string[] = [];
const LONG_URL = "https://hooks.example.com/integrations/duecheck/compliance-team/screening-events/receiver";

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  env = { ...app.env, ...ENV, DUECHECK_DOWNLOAD_TIMEOUT_MS: "2000" };
  list = await ListServer.start();
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  for (const [name, content] of Object.entries(sdnFiles())) list.publish(`/sdn/${name}`, content);
  await createUser(app.db, { email: "wide@example.com", password: "password-1" });
  for (const events of ["search.completed,batch.completed,review.decided", "monitoring.changed"]) {
    const added = await runCli(["webhooks", "add", LONG_URL, "--events", events, "--user", "wide@example.com"], env);
    expect(added.code).toBe(0);
    ids.push(/Webhook (\S+) created/.exec(added.stdout)![1]);
  }
});
afterAll(async () => {
  await list.stop();
  await app.stop();
  restoreEnv();
});

const lines = (text: string) => text.split("\n").filter((line) => line.length > 0);

describe("tables fit the width", () => {
  test("webhooks list at COLUMNS=80 stacks each webhook's fields, every line within 80 and nothing cut", async () => {
    const res = await runCli(["webhooks", "list", "--user", "wide@example.com"], { ...env, COLUMNS: "80" });
    expect(res.code).toBe(0);
    for (const line of lines(res.stdout)) expect(line.length).toBeLessThanOrEqual(80);
    for (const id of ids) expect(res.stdout).toMatch(new RegExp(`^ID\\s+${id}$`, "m"));
    // A value longer than the line continues on the next, indented under the values: read back whole, nothing is cut.
    expect(res.stdout.replace(/\n {15}/g, "")).toContain(LONG_URL);
    expect(res.stdout).toContain("search.completed, batch.completed, review.decided");
  });

  test("webhooks list on a wide terminal keeps one line per webhook, cutting the URL with … when it must", async () => {
    const wide = await runCli(["webhooks", "list", "--user", "wide@example.com"], { ...env, COLUMNS: "250" });
    const [header, ...rows] = lines(wide.stdout);
    expect(header).toMatch(/^URL\s+EVENTS\s+ENABLED\s+LAST DELIVERY\s+CREATED\s+ID$/);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toStartWith(LONG_URL);

    const middling = await runCli(["webhooks", "list", "--user", "wide@example.com"], { ...env, COLUMNS: "150" });
    const [, ...cut] = lines(middling.stdout);
    expect(cut).toHaveLength(2);
    for (const row of cut) {
      expect(row.length).toBeLessThanOrEqual(150);
      expect(row).toContain("…");
      expect(ids.some((id) => row.endsWith(id))).toBe(true);
    }
  });

  test("piped output without COLUMNS is laid out in 160 columns", async () => {
    const res = await runCli(["webhooks", "list", "--user", "wide@example.com"], env);
    expect(res.code).toBe(0);
    for (const line of lines(res.stdout)) expect(line.length).toBeLessThanOrEqual(160);
    for (const id of ids) expect(res.stdout).toContain(id);
  });

  test("audit at COLUMNS=80 keeps every line within 80, with each entry's fields and details", async () => {
    const res = await runCli(["audit", "--limit", "5"], { ...env, COLUMNS: "80" });
    expect(res.code).toBe(0);
    const out = lines(res.stdout);
    for (const line of out) expect(line.length).toBeLessThanOrEqual(80);
    expect(res.stdout).toMatch(/^ACTION\s+webhook\.created$/m);
    expect(res.stdout).toContain(ids[0]);
  });
});

describe("lists without data", () => {
  test("after a download that could not reach the network, sanctions search advises importing files", async () => {
    // a port nobody listens on: the connection is refused, as without a network
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const port = closed.port;
    closed.stop(true);
    expect((await runCli(["datasets", "set-url", "us_ofac_sdn", `http://127.0.0.1:${port}/sdn.csv`], env)).code).toBe(0);
    expect((await runCli(["datasets", "download", "us_ofac_sdn"], env)).code).toBe(1);

    const res = await runCli(["sanctions", "search", "Rustam Karimov", "--dataset", "us_ofac_sdn"], env);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain(
      "The last download could not reach the network: import the list files you have (duecheck datasets import ID PATH, ID one of us_ofac_sdn).",
    );
    expect(res.stdout).not.toContain("datasets download --all");
    const de = await runCli(["sanctions", "search", "Rustam Karimov", "--dataset", "us_ofac_sdn", "--language", "de"], env);
    expect(de.stdout).toContain("(duecheck datasets import ID PFAD, ID eine von us_ofac_sdn)");
  });

  test("after a download the source refused (HTTP 500), downloading again stays the advice", async () => {
    list.setMode("/sdn/sdn.csv", "error");
    const urls = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"].map((name) => `${list.url}/sdn/${name}`);
    expect((await runCli(["datasets", "set-url", "us_ofac_sdn", ...urls], env)).code).toBe(0);
    expect((await runCli(["datasets", "download", "us_ofac_sdn"], env)).code).toBe(1);
    const res = await runCli(["sanctions", "search", "Rustam Karimov", "--dataset", "us_ofac_sdn"], env);
    expect(res.stdout).toContain("(duecheck datasets download --all)");
    expect(res.stdout).not.toContain("datasets import");
  });
});
