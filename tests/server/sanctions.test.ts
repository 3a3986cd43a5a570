import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { HttpClient } from "../../support/http-client.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries, userIdOf } from "../helpers/audit.ts";
import { setEnv } from "../helpers/env.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const ENV = { DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_DOWNLOAD_TIMEOUT_MS: "1500" };
let restoreEnv: () => void = () => {};

let app: TestApp;
let list: ListServer;
let admin: HttpClient;
let user: HttpClient;
let anonymous: HttpClient;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  list = await ListServer.start();
  for (const [name, content] of Object.entries(sdnFiles())) list.publish(`/sdn/${name}`, content);
  list.publish("/un/consolidated.xml", readFileSync(join(FIXTURES, "un_xml", "consolidated.xml")));
  list.publish("/peps/senzing.json", readFileSync(join(FIXTURES, "opensanctions_senzing", "senzing.json")));
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  user = await signedIn(app, { email: "analyst@example.com", password: "analyst-password" });
  anonymous = new HttpClient(app.url);
});
afterAll(async () => {
  await list.stop();
  await app.stop();
  restoreEnv();
});

const patch = (client: HttpClient, id: string, body: unknown) => client.request("PATCH", `/api/sanctions/datasets/${id}`, body);
const datasets = async () => (await admin.get("/api/sanctions/datasets")).json as any[];
const dataset = async (id: string) => (await datasets()).find((d) => d.id === id);
const search = (query: string, client = user) => client.get(`/api/sanctions/search?${query}`);

describe("roles", () => {
  test("without a session every call is 401", async () => {
    for (const [method, path] of [
      ["GET", "/api/sanctions/datasets"],
      ["GET", "/api/sanctions/search?term=x"],
      ["POST", "/api/sanctions/datasets/us_ofac_sdn/download"],
      ["POST", "/api/sanctions/download-all"],
      ["POST", "/api/sanctions/datasets"],
      ["PATCH", "/api/sanctions/datasets/us_ofac_sdn"],
    ]) {
      const res = await anonymous.request(method, path, method === "GET" ? undefined : {});
      expect([path, res.status, res.json]).toEqual([path, 401, { error: "Not signed in" }]);
    }
  });

  test("a user may list and search, but managing datasets is 403 and changes nothing", async () => {
    expect((await user.get("/api/sanctions/datasets")).status).toBe(200);
    for (const [method, path] of [
      ["POST", "/api/sanctions/datasets/us_ofac_sdn/download"],
      ["POST", "/api/sanctions/download-all"],
      ["POST", "/api/sanctions/datasets"],
      ["PATCH", "/api/sanctions/datasets/us_ofac_sdn"],
    ]) {
      const res = await user.request(method, path, { url: "https://evil.example/sdn.csv", name: "Mine", type: "pep", format: "un_xml" });
      expect([path, res.status, res.json]).toEqual([path, 403, { error: "Administrator role required" }]);
    }
    expect((await dataset("us_ofac_sdn")).url).toBe("https://www.treasury.gov/ofac/downloads/sdn.csv");
    expect((await datasets()).length).toBe(6);
  });
});

describe("before any download", () => {
  test("the list shows every dataset, never downloaded", async () => {
    const list = await datasets();
    expect(list.map((d) => d.id)).toEqual(["us_ofac_sdn", "us_ofac_cons", "un_sc_sanctions", "eu_fsf", "gb_fcdo_sanctions", "us_congress_peps"]);
    expect(list[0]).toEqual({
      id: "us_ofac_sdn",
      source_name: "OFAC Specially Designated Nationals (SDN) List",
      dataset_type: "sanctions",
      format: "ofac_csv",
      url: "https://www.treasury.gov/ofac/downloads/sdn.csv",
      urls: ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"].map((name) => ({ name, url: `https://www.treasury.gov/ofac/downloads/${name}` })),
      custom: false,
      auto_download: true,
      download_frequency: 6,
      last_download_status: null,
      last_download_at: null,
      last_download_size: null,
      last_download_error: null,
      enabled: true,
      last_failure_kind: null,
      next_download_at: null,
      metadata: { description: expect.stringContaining("Office of Foreign Assets Control") },
      recent_versions: [],
    });
  });

  test("a search is a clear error, not a clean answer", async () => {
    const res = await search("term=Rustam%20Karimov");
    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      found: false,
      results: [],
      error: "No sanctions data has been downloaded yet",
      searched: [],
      lists: ["us_ofac_sdn", "us_ofac_cons", "un_sc_sanctions", "eu_fsf", "gb_fcdo_sanctions"].map((id) => ({
        id,
        source_name: expect.any(String),
        dataset_type: "sanctions",
        version_date: null,
        last_download_status: null,
      })),
    });
  });

  test("the status lists every dataset without data, for the search forms", async () => {
    const res = await user.get("/api/sanctions/status");
    expect(res.status).toBe(200);
    expect(res.json.lists).toHaveLength(6);
    expect(res.json.lists[5]).toEqual({
      id: "us_congress_peps",
      source_name: "US Congress Members (OpenSanctions PEPs)",
      dataset_type: "pep",
      version_date: null,
      last_download_status: null,
    });
    expect((await anonymous.get("/api/sanctions/status")).status).toBe(401);
  });
});

describe("managing datasets", () => {
  test("an admin points datasets at a mirror (names kept by position)", async () => {
    const pepsBefore = await dataset("us_congress_peps");
    const sdnUrls = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"].map((n) => ({ url: `${list.url}/sdn/${n}` }));
    const res = await patch(admin, "us_ofac_sdn", { urls: sdnUrls });
    expect(res.status).toBe(200);
    expect(res.json.urls).toEqual(["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"].map((name) => ({ name, url: `${list.url}/sdn/${name}` })));
    expect((await patch(admin, "un_sc_sanctions", { url: `${list.url}/un/consolidated.xml` })).json.url).toBe(`${list.url}/un/consolidated.xml`);
    const peps = await patch(admin, "us_congress_peps", { url: `${list.url}/peps/senzing.json`, download_frequency: 24, auto_download: false });
    expect(peps.json).toMatchObject({ download_frequency: 24, auto_download: false });
    for (const id of ["us_ofac_cons", "eu_fsf", "gb_fcdo_sanctions"]) {
      expect((await patch(admin, id, { url: `${list.url}/offline/${id}` })).status).toBe(200);
    }
    const audit = await auditEntries(app.db, "dataset.updated");
    expect(audit.find((a) => a.targetId === "us_congress_peps")).toEqual({
      action: "dataset.updated",
      actorKind: "admin",
      actorUserId: await userIdOf(app.db, "admin@test.local"),
      ipAddress: "127.0.0.1",
      targetType: "sanctions_dataset",
      targetId: "us_congress_peps",
      details: {
        before: { urls: pepsBefore.urls, autoDownload: true, downloadFrequency: 6 },
        after: { urls: peps.json.urls, autoDownload: false, downloadFrequency: 24 },
      },
    });
  });

  test.each([
    [{ download_frequency: 0 }, "download_frequency must be between 1 and 168 hours"],
    [{ download_frequency: 169 }, "download_frequency must be between 1 and 168 hours"],
    [{ download_frequency: 2.5 }, "download_frequency must be a whole number of hours"],
    [{ url: "ftp://mirror.example/sdn.csv" }, "url must be an http:// or https:// URL"],
    [{ urls: [] }, "urls must name at least one file"],
    [{ url: "https://a.example/x", urls: [{ url: "https://a.example/y" }] }, "Give either url or urls (not both)"],
    [{ source_name: "Renamed" }, 'Unrecognized key: "source_name"'],
    [{}, "Nothing to change: give url, urls, auto_download or download_frequency"],
  ])("PATCH refuses %j and changes nothing", async (body, message) => {
    const before = await dataset("us_congress_peps");
    const res = await patch(admin, "us_congress_peps", body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: message });
    expect(await dataset("us_congress_peps")).toEqual(before);
  });

  test("PATCH or download of an unknown dataset is 404", async () => {
    expect((await patch(admin, "nope", { auto_download: false })).json).toEqual({ error: "No dataset with id nope" });
    const res = await admin.post("/api/sanctions/datasets/nope/download");
    expect([res.status, res.json]).toEqual([404, { error: "No dataset with id nope" }]);
  });

  test("an admin adds a custom dataset; its id comes from the name", async () => {
    const res = await admin.post("/api/sanctions/datasets", {
      name: "Swiss SECO List",
      type: "sanctions",
      format: "opensanctions_ftm",
      url: `${list.url}/offline/seco.ftm.json`,
      description: "SECO via OpenSanctions",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: "swiss_seco_list",
      source_name: "Swiss SECO List",
      dataset_type: "sanctions",
      format: "opensanctions_ftm",
      urls: [{ name: "seco.ftm.json", url: `${list.url}/offline/seco.ftm.json` }],
      custom: true,
      auto_download: true,
      download_frequency: 6,
      metadata: { description: "SECO via OpenSanctions" },
      last_download_status: null,
    });
    expect((await datasets()).at(-1).id).toBe("swiss_seco_list");
    expect(await auditEntries(app.db, "dataset.added")).toEqual([
      {
        action: "dataset.added",
        actorKind: "admin",
        actorUserId: await userIdOf(app.db, "admin@test.local"),
        ipAddress: "127.0.0.1",
        targetType: "sanctions_dataset",
        targetId: "swiss_seco_list",
        details: {
          name: "Swiss SECO List",
          type: "sanctions",
          format: "opensanctions_ftm",
          urls: [{ name: "seco.ftm.json", url: `${list.url}/offline/seco.ftm.json` }],
        },
      },
    ]);
    await patch(admin, "swiss_seco_list", { auto_download: false });
  });

  test.each([
    [
      { name: "X List", type: "sanctions", format: "pdf", url: "https://x.example/a" },
      "format must be one of ofac_csv, un_xml, eu_xml, uk_fcdo_csv, opensanctions_ftm, opensanctions_senzing",
    ],
    [{ name: "X List", type: "watchlist", format: "un_xml", url: "https://x.example/a" }, "type must be sanctions or pep"],
    [{ name: "X List", type: "pep", format: "un_xml" }, "Give either url or urls (not both)"],
    [{ name: "X", type: "pep", format: "un_xml", url: "https://x.example/a" }, "name must be at least 2 characters"],
    [{ name: "X List", type: "pep", format: "un_xml", url: "https://x.example/a", id: "mine" }, 'Unrecognized key: "id"'],
  ])("adding %j is refused", async (body, message) => {
    const count = (await datasets()).length;
    const res = await admin.post("/api/sanctions/datasets", body);
    expect([res.status, res.json]).toEqual([400, { error: message }]);
    expect((await datasets()).length).toBe(count);
  });
});

describe("downloads and search", () => {
  test("a download makes a current version the list shows, and the search finds its entities", async () => {
    const res = await admin.post("/api/sanctions/datasets/us_ofac_sdn/download");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "success", version: { entity_count: 8 } });
    const sdn = await dataset("us_ofac_sdn");
    expect(sdn).toMatchObject({ last_download_status: "success", last_download_error: null });
    expect(sdn.last_download_size).toBe(Object.values(sdnFiles()).reduce((n, c) => n + c.length, 0));
    expect(sdn.recent_versions).toEqual([
      {
        id: res.json.version.id,
        version_date: res.json.version.version_date,
        is_current: true,
        retention_reason: null,
        entity_count: 8,
        file_size: sdn.last_download_size,
      },
    ]);

    const found = await search("term=Rustam%20Karimov");
    expect(found.status).toBe(200);
    expect(found.json.found).toBe(true);
    expect(found.json.results[0]).toEqual({
      id: "us_ofac_sdn:5001",
      name: "KARIMOV, Rustam Alievich",
      schema: "Person",
      score: expect.any(Number),
      match: true,
      matchedName: "KARIMOV, Rustam Alievich",
      aliases: ["KARIMOV ALIAS"],
      nationality: ["Uzbekistan"],
      birthDate: ["1968-03-14"],
      datasets: ["us_ofac_sdn"],
      sourceUrl: expect.stringContaining("5001"),
      explanation: {
        parts: [
          { query: "Rustam", listed: "Rustam", how: "exact", similarity: 1 },
          { query: "Karimov", listed: "KARIMOV", how: "exact", similarity: 1 },
          { query: null, listed: "Alievich", how: "extra", similarity: 0 },
        ],
      },
    });
    expect(found.json.results[0].score).toBeWithin(0.8, 1.0001);
    expect(found.json.searched).toEqual(["us_ofac_sdn"]);
    // Which lists were searched, with the date of the version searched; the others have no data yet.
    expect(found.json.lists.map((l: any) => [l.id, l.version_date])).toEqual([
      ["us_ofac_sdn", res.json.version.version_date],
      ["us_ofac_cons", null],
      ["un_sc_sanctions", null],
      ["eu_fsf", null],
      ["gb_fcdo_sanctions", null],
      ["swiss_seco_list", null],
    ]);
    const status = (await user.get("/api/sanctions/status")).json.lists;
    expect(status.find((l: any) => l.id === "us_ofac_sdn")).toMatchObject({ version_date: res.json.version.version_date, last_download_status: "success" });
  });

  test("downloading again with nothing changed is not_modified", async () => {
    const res = await admin.post("/api/sanctions/datasets/us_ofac_sdn/download");
    expect([res.status, res.json.status]).toEqual([200, "not_modified"]);
    expect((await dataset("us_ofac_sdn")).recent_versions).toHaveLength(1);
  });

  test("a failed download is a 502; the list shows the failure and the current version stays searchable", async () => {
    list.publish("/sdn/alt.csv", `5001,9050,"aka","CHANGED ALIAS",-0- \r\n`);
    list.setMode("/sdn/sdn.csv", "error");
    const res = await admin.post("/api/sanctions/datasets/us_ofac_sdn/download");
    expect(res.status).toBe(502);
    expect(res.json.error).toMatch(/^Download of us_ofac_sdn failed: .*sdn\.csv answered HTTP 500/);
    const sdn = await dataset("us_ofac_sdn");
    expect(sdn).toMatchObject({ last_download_status: "failed", last_download_error: expect.stringContaining("HTTP 500") });
    expect(sdn.recent_versions).toHaveLength(1);
    const after = await search("term=Rustam%20Karimov");
    expect(after.json.found).toBe(true);
    // The search says which version it used: the one from before the failed attempt.
    expect(after.json.lists[0]).toMatchObject({ id: "us_ofac_sdn", version_date: sdn.recent_versions[0].version_date, last_download_status: "failed" });
    list.resetModes();
  });

  test("Download All reports successful and failed datasets", async () => {
    const res = await admin.post("/api/sanctions/download-all");
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual({ successful: 3, failed: 4 });
    const byId = Object.fromEntries(res.json.results.map((r: any) => [r.id, r]));
    expect(byId.us_ofac_sdn.status).toBe("success");
    expect(byId.un_sc_sanctions.status).toBe("success");
    expect(byId.us_congress_peps.status).toBe("success");
    for (const id of ["us_ofac_cons", "eu_fsf", "gb_fcdo_sanctions", "swiss_seco_list"]) {
      expect(byId[id]).toEqual({ id, status: "failed", error: expect.stringContaining("answered HTTP 404") });
    }
    expect((await dataset("us_ofac_sdn")).recent_versions.map((v: any) => v.retention_reason)).toEqual([null, "previous"]);
  });

  test("dataset=sanctions, peps or an id choose the lists searched", async () => {
    expect((await search("term=Scott%20Franklin")).json.found).toBe(false);
    const peps = await search("term=Scott%20Franklin&dataset=peps");
    expect(peps.json.found).toBe(true);
    expect(peps.json.results[0]).toMatchObject({ name: "Scott Franklin", datasets: ["us_congress_peps"] });
    expect((await search("term=Scott%20Franklin&dataset=us_congress_peps")).json.found).toBe(true);
    expect((await search("term=Scott%20Franklin&dataset=un_sc_sanctions")).json.found).toBe(false);
    const un = await search("term=Ibrahim%20Awwad&dataset=un_sc_sanctions");
    expect(un.json.found).toBe(true);
    expect(un.json.results[0].datasets).toEqual(["un_sc_sanctions"]);
    expect((await search("term=Ibrahim%20Awwad&dataset=us_ofac_sdn")).json.found).toBe(false);
    expect((await search("term=Ibrahim%20Awwad&dataset=us_ofac_sdn&dataset=un_sc_sanctions")).json.found).toBe(true);
  });

  test("type and limit narrow the results", async () => {
    expect((await search("term=Rustam%20Karimov&type=company")).json.results.filter((r: any) => r.match)).toEqual([]);
    expect((await search("term=Rustam%20Karimov&type=person")).json.found).toBe(true);
    expect((await search("term=Shipping&limit=1")).json.results.length).toBeLessThanOrEqual(1);
  });

  test.each([
    ["term=%20%20", 400, "term must not be blank"],
    ["dataset=sanctions", 400, "term is required"],
    ["term=x&limit=0", 400, "limit must be between 1 and 50"],
    ["term=x&limit=51", 400, "limit must be between 1 and 50"],
    ["term=x&type=vessel", 400, "type must be person or company"],
    ["term=x&dataset=nope", 404, "No dataset with id nope"],
    ["term=x&dataset=eu_fsf", 503, "No data has been downloaded yet for eu_fsf"],
  ])("search ?%s is %d", async (query, status, error) => {
    const res = await search(query);
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(error);
  });

  test("downloads are in the audit log with their outcome and the admin who asked", async () => {
    const rows = await app.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "dataset.download"));
    const outcomes = rows.filter((r) => r.targetId === "us_ofac_sdn").map((r) => (r.details as any).outcome);
    expect(outcomes).toEqual(["success", "not_modified", "failed", "success"]);
    expect(rows.every((r) => r.actorKind === "admin" && r.actorUserId)).toBe(true);
  });
});
