/**
 * Uploads built to unpack to gigabytes while staying a few MB: a zip entry of 2 GiB (past a signed 32-bit size), one
 * of 4 GiB in zip64, an entry declaring 1,000 bytes and holding 600 MiB, entries that each fit but together pass the
 * cap, and an export file of 1,200 lines of 1 MiB. Each is refused with its reason and changes nothing, and the
 * server stays under 400 MB resident meanwhile: it runs as a process of its own (`duecheck serve`), so its peak
 * (VmHWM, reset before each upload) is the upload's alone. A real zip and a real export still import.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { createGzip } from "node:zlib";
import { eq } from "drizzle-orm";
import JSZip from "jszip";
import { type Database, openDatabase, schema } from "../../data/db.ts";
import { exportDatasetVersion } from "../../lib/sanctions/datasets/export-file.ts";
import { importDataset } from "../../lib/sanctions/datasets/import-any.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { HttpClient } from "../../support/http-client.ts";
import { startServeProcess } from "../helpers/cli.ts";
import { createTestDatabase, openTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { deflatedZeros, zipArchive } from "../helpers/zip-writer.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const MiB = 2 ** 20;
/** The most a server may hold while refusing an upload. */
const MAX_RSS_MB = 400;
const TOO_LARGE = (name: string) => `${name} unpacks to more than 64 MB; at most 64 MB can be imported at once`;

let testDatabase: TestDatabase;
let server: Awaited<ReturnType<typeof startServeProcess>>;
let database: Database;
let admin: HttpClient;
let folder: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  server = await startServeProcess({
    ...testDatabase.env,
    DUECHECK_ADMIN_EMAIL: "admin@test.local",
    DUECHECK_ADMIN_PASSWORD: "Admin-password-1",
    DUECHECK_DATASET_SCHEDULER: "0",
  });
  // On PGlite this goes through the server's socket: the folder is the server's.
  database = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir, role: "cli" });
  admin = new HttpClient(server.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  folder = mkdtempSync(join(tmpdir(), "dc-bombs-"));
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
  await testDatabase?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const statusLine = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${server.proc.pid}/status`, "utf8"))![1]) / 1024;

/** Posts the files as multipart under `files` and returns the answer with the server's peak resident MB meanwhile. */
async function upload(id: string, files: { name: string; content: Uint8Array }[]) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([f.content as BlobPart], f.name));
  const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  // Writing 5 to clear_refs resets the peak (VmHWM) to the present resident size.
  writeFileSync(`/proc/${server.proc.pid}/clear_refs`, "5");
  const res = await fetch(`${server.url}/api/sanctions/datasets/${id}/import`, { method: "POST", headers: { cookie, origin: server.url }, body: form });
  const text = await res.text();
  const peakMb = statusLine("VmHWM");
  return { status: res.status, json: text ? JSON.parse(text) : null, peakMb };
}

/** What an import would change: the dataset's versions and its status. */
async function stateOf(id: string) {
  const versions = await database.db
    .select({ id: schema.sanctionsDatasetVersions.id, isCurrent: schema.sanctionsDatasetVersions.isCurrent })
    .from(schema.sanctionsDatasetVersions)
    .where(eq(schema.sanctionsDatasetVersions.datasetId, id));
  const [row] = await database.db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, id));
  return { versions, status: row.lastDownloadStatus, error: row.lastDownloadError };
}

/** An export file for un_sc_sanctions whose header is valid, followed by `count` file lines of 1 MiB each. */
async function exportBomb(count: number): Promise<Uint8Array> {
  const header = {
    format: "duecheck-dataset-export",
    format_version: 1,
    dataset_id: "un_sc_sanctions",
    dataset_format: "un_xml",
    source_date: "2030-01-01T00:00:00.000Z",
    checksum: "0".repeat(64),
    content_hash: "0".repeat(64),
    entity_count: 0,
    file_count: count,
    exported_at: "2030-01-01T00:00:00.000Z",
  };
  const file = { name: "consolidated.xml", source_url: null, etag: null, last_modified: null, content_base64: "A".repeat(MiB - 100) };
  const line = Buffer.from(`${JSON.stringify({ file }).padEnd(MiB - 1, " ")}\n`);
  async function* lines() {
    yield Buffer.from(`${JSON.stringify(header)}\n`);
    for (let i = 0; i < count; i++) yield line;
  }
  return new Uint8Array(await buffer(Readable.from(lines()).pipe(createGzip({ level: 9 }))));
}

describe("uploads that unpack to gigabytes", () => {
  test("a zip entry of 2 GiB, past a signed 32-bit size, is refused (413) before it is inflated", async () => {
    const before = await stateOf("us_ofac_sdn");
    const zip = zipArchive([{ name: "sdn.csv", method: 8, ...deflatedZeros(2049) }]);
    expect(zip.length).toBeLessThan(3 * MiB);
    const res = await upload("us_ofac_sdn", [{ name: "sdn.zip", content: zip }]);
    expect([res.status, res.json.error]).toEqual([413, TOO_LARGE("sdn.zip")]);
    expect(res.peakMb).toBeLessThan(MAX_RSS_MB);
    expect(await stateOf("us_ofac_sdn")).toEqual(before);
  });

  test("a zip64 entry of 4 GiB is refused (413) the same way", async () => {
    const before = await stateOf("us_ofac_sdn");
    const zip = zipArchive([{ name: "sdn.csv", method: 8, ...deflatedZeros(4097) }]);
    const res = await upload("us_ofac_sdn", [{ name: "sdn.zip", content: zip }]);
    expect([res.status, res.json.error]).toEqual([413, TOO_LARGE("sdn.zip")]);
    expect(res.peakMb).toBeLessThan(MAX_RSS_MB);
    expect(await stateOf("us_ofac_sdn")).toEqual(before);
  });

  test("an entry declaring 1,000 bytes and holding 600 MiB is refused (400) at the first chunk past its size", async () => {
    const before = await stateOf("us_ofac_sdn");
    const zip = zipArchive([{ name: "sdn.csv", method: 8, ...deflatedZeros(600), size: 1000 }]);
    expect(zip.length).toBeLessThan(MiB);
    const res = await upload("us_ofac_sdn", [{ name: "sdn.zip", content: zip }]);
    expect([res.status, res.json.error]).toEqual([400, "sdn.zip: sdn.csv cannot be unpacked (it holds more than the 1000 bytes it declares)"]);
    expect(res.peakMb).toBeLessThan(MAX_RSS_MB);
    expect(await stateOf("us_ofac_sdn")).toEqual(before);
  });

  test("entries that each fit but together pass the cap are refused (413) once the running total passes it", async () => {
    const before = await stateOf("us_ofac_sdn");
    const part = deflatedZeros(30);
    const zip = zipArchive(["sdn.csv", "alt.csv", "add.csv"].map((name) => ({ name, method: 8 as const, ...part })));
    const res = await upload("us_ofac_sdn", [{ name: "sdn.zip", content: zip }]);
    expect([res.status, res.json.error]).toEqual([413, TOO_LARGE("sdn.zip")]);
    expect(res.peakMb).toBeLessThan(MAX_RSS_MB);
    expect(await stateOf("us_ofac_sdn")).toEqual(before);
  });

  test("an export file of 1,200 lines of 1 MiB is refused (413) at the cap, not read to its end", async () => {
    const before = await stateOf("un_sc_sanctions");
    const bomb = await exportBomb(1200);
    expect(bomb.length).toBeLessThan(2 * MiB);
    const res = await upload("un_sc_sanctions", [{ name: "un.jsonl.gz", content: bomb }]);
    expect([res.status, res.json.error]).toEqual([413, TOO_LARGE("un.jsonl.gz")]);
    expect(res.peakMb).toBeLessThan(MAX_RSS_MB);
    expect(await stateOf("un_sc_sanctions")).toEqual(before);
  });
});

describe("a body of unknown length", () => {
  test("is cut at the server's outer bound, just above the 50 MB upload limit, not buffered to its end", async () => {
    const before = await stateOf("un_sc_sanctions");
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    writeFileSync(`/proc/${server.proc.pid}/clear_refs`, "5");
    const rssBefore = statusLine("VmRSS");
    let sent = 0;
    // Chunked: no Content-Length for the route to refuse the upload by.
    async function* chunks() {
      const chunk = new Uint8Array(MiB);
      for (let i = 0; i < 200; i++) {
        sent += chunk.length;
        yield chunk;
      }
    }
    const res = await fetch(`${server.url}/api/sanctions/datasets/un_sc_sanctions/import`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "multipart/form-data; boundary=x" },
      body: chunks() as unknown as BodyInit,
      duplex: "half",
    } as RequestInit).catch(() => null);
    if (res) expect(res.status).toBe(413);
    expect(sent).toBeLessThan(200 * MiB);
    // At most the bound's 52 MB held about twice over (Bun's buffer and its copy), not the 200 MB sent; a PGlite
    // server starts near 250 MB, so the growth is what is bounded here.
    expect(statusLine("VmHWM") - rssBefore).toBeLessThan(150);
    expect(await stateOf("un_sc_sanctions")).toEqual(before);
  });
});

describe("real uploads still import", () => {
  test("the OFAC files as a zip make a version; a bomb after it leaves that version current", async () => {
    const zip = new JSZip();
    for (const name of ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"]) zip.file(`sdn/${name}`, readFileSync(join(FIXTURES, "ofac_csv", "sdn", name)));
    const content = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
    const res = await upload("us_ofac_sdn", [{ name: "sdn.zip", content }]);
    expect(res.status).toBe(201);
    expect(res.json.version.entity_count).toBeGreaterThan(0);

    const before = await stateOf("us_ofac_sdn");
    expect(before.versions).toEqual([{ id: res.json.version.id, isCurrent: true }]);
    const lie = zipArchive([{ name: "sdn.csv", method: 8, ...deflatedZeros(600), size: 1000 }]);
    const refused = await upload("us_ofac_sdn", [{ name: "sdn.zip", content: lie }]);
    expect(refused.status).toBe(400);
    expect(await stateOf("us_ofac_sdn")).toEqual(before);
  });

  test("another installation's export makes a version with its entities", async () => {
    const other = await openTestDatabase();
    const path = join(folder, "un.jsonl.gz");
    let header: Awaited<ReturnType<typeof exportDatasetVersion>>;
    try {
      await seedDatasets(other.db);
      const content = new Uint8Array(readFileSync(join(FIXTURES, "un_xml", "consolidated.xml")));
      const file = { name: "consolidated.xml", content, sourceUrl: null, etag: null, lastModified: null };
      await importDataset(other.db, "un_sc_sanctions", [file], { actor: { kind: "cli" }, timeoutMs: 60_000 });
      header = await exportDatasetVersion(other.db, "un_sc_sanctions", path);
    } finally {
      await other.close();
    }
    const res = await upload("un_sc_sanctions", [{ name: "un.jsonl.gz", content: new Uint8Array(readFileSync(path)) }]);
    expect(res.status).toBe(201);
    expect([res.json.version.entity_count, res.json.version.version_date]).toEqual([header.entity_count, header.source_date]);
    expect((await stateOf("un_sc_sanctions")).versions).toEqual([{ id: res.json.version.id, isCurrent: true }]);
  });
});
