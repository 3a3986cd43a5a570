/** `duecheck users set-role EMAIL auditor`, `history export` and `monitor export`, as separate processes on a server's database. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { schema } from "../../data/db.ts";
import { HttpClient } from "../../support/http-client.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";

let app: TestApp;
let folder: string;
beforeAll(async () => {
  app = await startApp();
  folder = await mkdtemp(join(tmpdir(), "duecheck-exports-"));
  const ann = await createUser(app.db, { email: "ann@example.com", password: "ann-password-1" });
  const ben = await createUser(app.db, { email: "ben@example.com", password: "ben-password-1" });
  await app.db.insert(schema.searches).values([
    {
      userId: ann.id,
      organisationId: ann.organisationId,
      searchTerm: "Ann In Range",
      status: "completed",
      riskLevel: "medium",
      createdAt: new Date("2025-05-02T10:00:00Z"),
    },
    {
      userId: ann.id,
      organisationId: ann.organisationId,
      searchTerm: "Ann Out Of Range",
      status: "completed",
      riskLevel: "low",
      createdAt: new Date("2025-06-02T10:00:00Z"),
    },
    {
      userId: ben.id,
      organisationId: ben.organisationId,
      searchTerm: "Ben In Range",
      status: "completed",
      riskLevel: "low",
      createdAt: new Date("2025-05-03T10:00:00Z"),
    },
  ]);
  await app.db.insert(schema.monitoredEntities).values([
    {
      userId: ann.id,
      organisationId: ann.organisationId,
      searchTerm: "Ann Watched",
      entityType: "company",
      frequency: "monthly",
      createdAt: new Date("2025-01-01T00:00:00Z"),
    },
    {
      userId: ben.id,
      organisationId: ben.organisationId,
      searchTerm: "Ben Watched",
      entityType: "person",
      frequency: "daily",
      createdAt: new Date("2025-01-02T00:00:00Z"),
    },
  ]);
}, 60_000);
afterAll(async () => {
  await app.stop();
  await rm(folder, { recursive: true, force: true });
});

const cli = (...args: string[]) => runCli(args, app.env);

test("users set-role EMAIL auditor makes an auditor, who then reads and may not screen", async () => {
  const res = await cli("users", "set-role", "ben@example.com", "auditor");
  expect(res.code).toBe(0);
  const ben = new HttpClient(app.url);
  const me = await ben.signIn("ben@example.com", "ben-password-1");
  expect(me.role).toBe("auditor");
  expect((await ben.post("/api/searches", { searchTerm: "Not Allowed", entityType: "person" })).status).toBe(403);
  expect((await ben.get("/api/admin/searches")).status).toBe(200);
});

test("history export writes one user's days to a CSV file", async () => {
  const path = join(folder, "ann.csv");
  const res = await cli("history", "export", "--from", "2025-05-01", "--to", "2025-05-31", "--user", "ann@example.com", "-o", path);
  expect({ code: res.code, stdout: res.stdout.trim() }).toEqual({ code: 0, stdout: `Exported to ${path}` });
  const text = await readFile(path, "utf8");
  expect(text).toContain("Ann In Range");
  expect(text).not.toContain("Ann Out Of Range");
  expect(text).not.toContain("Ben In Range");
  const bad = await cli("history", "export", "--from", "2025-05-32", "--to", "2025-05-31");
  expect({ code: bad.code, stderr: bad.stderr.trim() }).toEqual({ code: 1, stderr: "duecheck: from must be a date such as 2025-01-31" });
});

test("monitor export --all writes everyone's entities to an Excel file", async () => {
  const path = join(folder, "portfolio.xlsx");
  const res = await cli("monitor", "export", "--all", "--format", "xlsx", "-o", path);
  expect(res.code).toBe(0);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet("Monitoring portfolio")!;
  expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual(["Ann Watched", "Ben Watched"]);
});
