/**
 * A batch row's subject with its details: birthDate, nationality, identifiers and a customerRef are taken by the
 * web app's two-step create and by POST /api/v1/batch (CSV), screened as a manual search with the same details is,
 * carried back by the results and written into the CSV, Excel and PDF exports; bad details are refused naming the
 * entity or the line. Real HTTP against the app, on PostgreSQL and PGlite.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { schema } from "../../data/db.ts";
import { createApiKey } from "../../lib/auth/api-keys.ts";
import type { HttpClient } from "../../support/http-client.ts";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, signedIn, type TestApp } from "../helpers/app.ts";
import { SCREENING_TEST_ENV } from "../helpers/env.ts";
import { startScreeningApp } from "../helpers/screening-app.ts";

const ENV: Record<string, string> = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000", DUECHECK_JOB_STOP_SECONDS: "2" };
let app: TestApp;
let stopApp: () => Promise<void>;
let analyst: HttpClient;
let apiKey: string;

beforeAll(async () => {
  ({ app, stop: stopApp } = await startScreeningApp({}, ENV));
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  analyst = await signedIn(app, { email: "analyst@example.com", password: "analyst-password", fullName: "Ana Lyst", credits: 1000 });
  const keyOwner = await createUser(app.db, { email: "integration@example.com", password: "integration-password", credits: 1000 });
  apiKey = (await createApiKey(app.db, keyOwner.id, "Integration")).key;
});
afterAll(() => stopApp());

async function startBatch(entities: Record<string, unknown>[]) {
  const created = await analyst.post("/api/batch-jobs", { name: "Customers", totalEntities: entities.length, status: "processing" });
  expect(created.status).toBe(201);
  return { id: created.json.id as string, added: await analyst.post(`/api/batch-jobs/${created.json.id}/entities`, { entities }) };
}

async function ended(id: string, get = (path: string) => analyst.get(path), path = `/api/batch-jobs/${id}`) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await get(path);
    expect(res.status).toBe(200);
    if (res.json.status === "completed" || res.json.status === "failed") return res.json;
    if (Date.now() > deadline) throw new Error(`batch ${id} is still ${res.json.status}`);
    await Bun.sleep(200);
  }
}

/** The PDF's words as pdftotext reads them, spaces collapsed. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "dc-batch-details-"));
  try {
    writeFileSync(join(dir, "b.pdf"), bytes);
    return Bun.spawnSync(["pdftotext", "-layout", join(dir, "b.pdf"), "-"])
      .stdout.toString()
      .replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const download = async (path: string) => {
  const cookie = [...analyst.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

const searchOf = async (id: string) => (await analyst.get(`/api/searches/${id}`)).json;

describe("POST /api/batch-jobs/{id}/entities with details", () => {
  let batchId: string;
  let rows: any[];

  beforeAll(async () => {
    const { id, added } = await startBatch([
      { searchTerm: "Dmitri Orlov", customerRef: "CUST-0001" },
      { searchTerm: "Dmitri Orlov", birthDate: "1975", nationality: "de", customerRef: "CUST-0002" },
      { searchTerm: "Dmitri Orlov", identifiers: [{ kind: "passport", value: "FA1234567" }], birthDate: "1961-04-03" },
    ]);
    expect(added.status).toBe(200);
    batchId = id;
    await ended(id);
    rows = (await analyst.get(`/api/batch-jobs/${id}/results`)).json.items;
  });

  test("the results carry each row's birthDate, nationality, identifiers and customerRef back, in the file's order", () => {
    expect(rows.map((r) => [r.customerRef, r.birthDate, r.nationality, r.identifiers])).toEqual([
      ["CUST-0001", null, null, []],
      ["CUST-0002", "1975", "DE", []],
      [null, "1961-04-03", null, [{ kind: "passport", value: "FA1234567" }]],
    ]);
  });

  test("the details are the search's details and change the matching as a manual search's do", async () => {
    const [plain, born1975, born1961] = await Promise.all(rows.map((r) => searchOf(r.searchId)));
    expect(plain.details).toBeNull();
    expect(born1975.details).toEqual({ birthDate: "1975", nationality: "DE" });
    // Listed born 1961: the same name is a match without a birth date, a near miss with 1975.
    expect(rows[0].sanctionsMatches).toBe(1);
    expect(rows[1].sanctionsMatches).toBe(0);
    const orlov = (search: any) => search.results.sanctionsList.flatMap((l: any) => l.hits).find((h: any) => h.name === "ORLOV, Dmitri Pavlovich");
    expect(orlov(born1975).evidence.nameMatchesBirthDateDiffers).toBe(true);
    expect(orlov(born1961).evidence.birthDate).toBeDefined();

    const manual = await analyst.post("/api/searches", { searchTerm: "Dmitri Orlov", entityType: "person", details: { birthDate: "1975", nationality: "DE" } });
    const read = (await analyst.get(`/api/searches/${manual.json.id}?wait=30`)).json;
    expect([read.riskLevel, read.openHits]).toEqual([born1975.riskLevel, born1975.openHits]);
    expect(orlov(read).score).toBe(orlov(born1975).score);
    // The column exists on searches: the reference is stored with the row's search.
    const [stored] = await app.db.select({ ref: schema.searches.customerRef }).from(schema.searches).where(eq(schema.searches.id, rows[0].searchId));
    expect(stored.ref).toBe("CUST-0001");
    // A decision reason that needs the birth date stands on the row that gave one.
    expect(born1975.review.clearance.missingDetails).toEqual(["gender"]);
  });

  test("the CSV, Excel and PDF exports carry them", async () => {
    const csv = await analyst.get(`/api/batch-jobs/${batchId}/export?format=csv`);
    expect(csv.status).toBe(200);
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    const header = lines[0].split(",");
    expect(header.slice(0, 7)).toEqual(["Search term", "Customer reference", "Entity type", "Country", "Birth date", "Nationality", "Identifiers"]);
    expect(lines[1].startsWith("Dmitri Orlov,CUST-0001,Person,,,,,")).toBe(true);
    expect(lines[2].startsWith("Dmitri Orlov,CUST-0002,Person,,1975,DE,,")).toBe(true);
    expect(lines[3].startsWith("Dmitri Orlov,,Person,,1961-04-03,,passport:FA1234567,")).toBe(true);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(`/api/batch-jobs/${batchId}/export?format=xlsx`)) as unknown as ArrayBuffer);
    const sheet = book.worksheets.find((w) => (w.getRow(1).values as unknown[]).includes("Customer reference"))!;
    const headers = sheet.getRow(1).values as unknown[];
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(headers.indexOf(name)).value;
    expect([cell(2, "Customer reference"), cell(3, "Birth date"), cell(3, "Nationality"), cell(4, "Identifiers")]).toEqual([
      "CUST-0001",
      "1975",
      "DE",
      "passport:FA1234567",
    ]);

    expect(pdfText(await download(`/api/batch-jobs/${batchId}/export?format=pdf`))).toContain("Ref. CUST-0001");
  });
});

describe("refusals name the entity and change nothing", () => {
  test("a bad birth date, nationality, identifier or reference is 400 with the entity's position", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ birthDate: "03/04/1961" }, /^Entity 2: Birth date must be a year \(1956\) or a date \(1956-03-04\)$/],
      [{ nationality: "Germany" }, /^Entity 2: Nationality must be a two-letter ISO 3166 code/],
      [{ nationality: "XX" }, /^Entity 2: Nationality must be a two-letter ISO 3166 code/],
      [{ identifiers: [{ kind: "passport", value: "12" }] }, /^Entity 2: Passport number must have at least 5 letters or digits/],
      [{ customerRef: "x".repeat(101) }, /^Entity 2: customerRef must be at most 100 characters$/],
      [{ birthDate: "1961", details: { birthDate: "1961" } }, /^Entity 2: birthDate is given twice/],
      [{ gender: "male" }, /^Entity 2: Unknown field: gender$/],
    ];
    for (const [extra, message] of cases) {
      const { id, added } = await startBatch([{ searchTerm: "Good Row" }, { searchTerm: "Bad Row", ...extra }]);
      expect([added.status, added.json.error]).toEqual([400, expect.stringMatching(message)]);
      expect((await analyst.get(`/api/batch-jobs/${id}`)).json.status).toBe("pending");
    }
  });
});

describe("POST /api/v1/batch with the columns", () => {
  const v1 = (method: string, path: string, body?: FormData) =>
    fetch(`${app.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${apiKey}` }, body });
  const upload = (csv: string) => {
    const form = new FormData();
    form.append("file", new File([csv], "customers.csv", { type: "text/csv" }));
    return v1("POST", "/batch", form);
  };

  test("variant header names are read, unknown columns are named, and the rows carry their details", async () => {
    const res = await upload(
      'Name;Type;Date of birth;NATIONALITY;Customer reference;Passport;Segment\n"Dmitri Orlov";person;1975;ru;C-77;FA1234567;retail\nSeafarer Maritime Ltd;company;;;C-78;;shipping\n',
    );
    expect(res.status).toBe(200);
    const accepted = await res.json();
    expect(accepted).toMatchObject({ totalEntities: 2, unknownColumns: ["Segment"] });
    const batch = await ended(
      accepted.batchId,
      async (path) => {
        const r = await v1("GET", path);
        return { status: r.status, json: await r.json() } as never;
      },
      `/batch/${accepted.batchId}`,
    );
    expect(batch.searches.map((s: any) => [s.searchTerm, s.customerRef])).toEqual([
      ["Dmitri Orlov", "C-77"],
      ["Seafarer Maritime Ltd", "C-78"],
    ]);
    const [row] = await app.db.select({ details: schema.searches.details }).from(schema.searches).where(eq(schema.searches.id, batch.searches[0].id));
    expect(row.details).toEqual({ birthDate: "1975", nationality: "RU", identifiers: [{ kind: "passport", value: "FA1234567" }] });
  });

  test("a bad value is refused naming its line and reason", async () => {
    const res = await upload("name,dob,nationality\nGood Row,1961,DE\nBad Row,31.12.1961,DE\n");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Line 3: Birth date must be a year (1956) or a date (1956-03-04)");
  });
});
