/**
 * Choosing the lists in use: an admin disables the lists not needed (over HTTP and with `duecheck datasets
 * disable`), every screening then checks the enabled lists only, is complete when they all answered, and names the
 * lists it used and those disabled, in its results and its Excel report.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { schema } from "../../data/db.ts";
import { OFFICIAL_DATASETS } from "../../lib/sanctions/datasets/registry.ts";
import { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { createUser, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const REASON = "Not used by this team";
const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "5000", DUECHECK_JOB_STOP_SECONDS: "2" };
const OTHERS = OFFICIAL_DATASETS.map((d) => d.id).filter((id) => id !== "us_ofac_sdn");

let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let admin: HttpClient;
/** The search screened with only the SDN list enabled. */
let completeSearchId: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  // Only the SDN list has data: the five others were never downloaded.
  await importReviewList(app.db);
  await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 100 });
  analyst = new HttpClient(app.url);
  await analyst.signIn("analyst@example.com", "analyst-password");
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
}, 300_000);
afterAll(() => stopApp());

async function screened(term: string) {
  const created = await analyst.post("/api/searches", { searchTerm: term, entityType: "person", country: "DE" });
  expect(created.status).toBe(201);
  const read = await analyst.get(`/api/searches/${created.json.id}?wait=30`);
  expect(read.json.status).toBe("completed");
  return read.json;
}

const auditOf = (id: string) =>
  app.db
    .select({ action: schema.auditLog.action, actorKind: schema.auditLog.actorKind, details: schema.auditLog.details })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetId, id), inArray(schema.auditLog.action, ["dataset.enabled", "dataset.disabled"])));

describe("lists in use", () => {
  test("with lists that never had data, a clean name is incomplete", async () => {
    const search = await screened("Jane Clean Person");
    expect(search.results.clean).toBe(false);
    // The five lists never downloaded (the news, on loopback, may also time out on a busy machine).
    expect(search.results.sources.filter((s: any) => s.status === "failed" && (s.kind === "sanctions" || s.kind === "pep")).length).toBe(5);
    expect(search.results.datasetsDisabled).toEqual([]);
  });

  test("only an admin enables or disables a list: 403 for a user, 404 for an unknown list", async () => {
    expect((await analyst.post("/api/sanctions/datasets/eu_fsf/disable", {})).status).toBe(403);
    expect((await analyst.post("/api/sanctions/datasets/eu_fsf/enable", {})).status).toBe(403);
    expect((await admin.post("/api/sanctions/datasets/no_such_list/disable", { reason: REASON })).status).toBe(404);
    const [row] = await app.db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, "eu_fsf"));
    expect(row.enabled).toBe(true);
    expect(await auditOf("eu_fsf")).toEqual([]);
  });

  test("disabling needs a reason: 400 without one (API and CLI), and nothing changes", async () => {
    for (const body of [{}, { reason: "" }, { reason: "   " }]) {
      const refused = await admin.post("/api/sanctions/datasets/eu_fsf/disable", body);
      expect([refused.status, refused.json.error]).toEqual([400, "A reason is required to disable a list"]);
    }
    const cli = await runCli(["datasets", "disable", "eu_fsf"], app.env);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain("A reason is required to disable a list");
    const [row] = await app.db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, "eu_fsf"));
    expect(row.enabled).toBe(true);
    expect(await auditOf("eu_fsf")).toEqual([]);
  });

  test("disabling over HTTP and with the CLI is audited; a search is then complete and names the lists", async () => {
    const answer = await admin.post("/api/sanctions/datasets/eu_fsf/disable", { reason: REASON });
    expect([answer.status, answer.json.id, answer.json.enabled]).toEqual([200, "eu_fsf", false]);
    expect(await auditOf("eu_fsf")).toEqual([
      {
        action: "dataset.disabled",
        actorKind: "admin",
        details: expect.objectContaining({ before: { enabled: true }, after: { enabled: false }, reason: REASON }),
      },
    ]);
    // Disabling again changes nothing and writes nothing.
    expect((await admin.post("/api/sanctions/datasets/eu_fsf/disable", { reason: REASON })).json.enabled).toBe(false);
    expect((await auditOf("eu_fsf")).length).toBe(1);

    const cli = await runCli(["datasets", "disable", "gb_fcdo_sanctions", "--reason", "Not licensed for this site"], app.env);
    expect([cli.code, cli.stderr]).toEqual([0, ""]);
    expect(cli.stdout).toContain("gb_fcdo_sanctions is disabled");
    expect(await auditOf("gb_fcdo_sanctions")).toEqual([
      { action: "dataset.disabled", actorKind: "cli", details: expect.objectContaining({ after: { enabled: false }, reason: "Not licensed for this site" }) },
    ]);
    for (const id of OTHERS.filter((id) => id !== "eu_fsf" && id !== "gb_fcdo_sanctions")) {
      expect((await admin.post(`/api/sanctions/datasets/${id}/disable`, { reason: REASON })).status).toBe(200);
    }
    const list = await runCli(["datasets", "list", "--json"], app.env);
    expect(JSON.parse(list.stdout).map((d: any) => [d.id, d.enabled])).toEqual(OFFICIAL_DATASETS.map((d) => [d.id, d.id === "us_ofac_sdn"]));

    const status = (await analyst.get("/api/sanctions/status")).json;
    expect(status.lists.map((l: any) => l.id)).toEqual(["us_ofac_sdn"]);
    expect(status.disabled.map((l: any) => l.id)).toEqual(OTHERS);

    const search = await screened("Jane Clean Person");
    expect(search.results.sources.filter((s: any) => s.status === "failed")).toEqual([]);
    expect(search.results.clean).toBe(true);
    expect(search.riskLevel).toBe("low");
    expect(search.results.datasetsUsed.map((d: any) => d.id)).toEqual(["us_ofac_sdn"]);
    expect(search.results.datasetsDisabled.map((d: any) => d.id).sort()).toEqual([...OTHERS].sort());
    completeSearchId = search.id;

    // The Excel report names the lists used and those disabled.
    const cookie = [...analyst.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const excel = await fetch(`${app.url}/api/searches/${search.id}/export/excel`, { headers: { cookie } });
    expect(excel.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await excel.arrayBuffer());
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
    expect(cells).toContain("Lists disabled by an administrator (not checked)");
    expect(cells).toContain("EU Financial Sanctions Files (FSF)");
    expect(cells).toContain("OFAC Specially Designated Nationals (SDN) List");
  }, 180_000);

  test("the last enabled sanctions list cannot be disabled; a disabled list is refused by name in a list search", async () => {
    const refused = await admin.post("/api/sanctions/datasets/us_ofac_sdn/disable", { reason: REASON });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain("last enabled sanctions list");
    const cli = await runCli(["datasets", "disable", "us_ofac_sdn", "--reason", REASON], app.env);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain("last enabled sanctions list");
    const search = await analyst.get("/api/sanctions/search?term=Dmitri%20Orlov&dataset=eu_fsf");
    expect(search.status).toBe(409);
  }, 120_000);

  test("enabling again over HTTP and the CLI is audited, and the list is checked again", async () => {
    const answer = await admin.post("/api/sanctions/datasets/eu_fsf/enable", {});
    expect([answer.status, answer.json.enabled]).toEqual([200, true]);
    const cli = await runCli(["datasets", "enable", "gb_fcdo_sanctions"], app.env);
    expect([cli.code, cli.stdout.trim()]).toEqual([0, "gb_fcdo_sanctions is enabled: searches check it and it is downloaded on schedule."]);
    expect((await auditOf("eu_fsf")).map((a) => a.action)).toEqual(["dataset.disabled", "dataset.enabled"]);
    expect((await auditOf("gb_fcdo_sanctions")).map((a) => [a.action, a.actorKind])).toEqual([
      ["dataset.disabled", "cli"],
      ["dataset.enabled", "cli"],
    ]);
    // Verification re-derives from the lists the search used, whatever is enabled now.
    const verified = await admin.post(`/api/admin/searches/${completeSearchId}/verify`, {});
    expect([verified.status, verified.json.outcome]).toEqual([200, "identical"]);
    const search = await screened("Jane Clean Person");
    // Enabled again without data: not checked, so the search is incomplete again.
    expect(search.results.clean).toBe(false);
    expect(
      search.results.sources
        .filter((s: any) => s.status === "failed")
        .map((s: any) => s.source)
        .sort(),
    ).toEqual(["EU Financial Sanctions Files (FSF)", "UK Sanctions List (FCDO)"]);
  }, 120_000);
});
