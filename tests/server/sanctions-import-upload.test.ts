import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import JSZip from "jszip";
import { schema } from "../../data/db.ts";
import { exportDatasetVersion } from "../../lib/sanctions/datasets/export-file.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const SDN = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"];
let restoreEnv: () => void = () => {};

let app: TestApp;
let admin: HttpClient;
let user: HttpClient;
let folder: string;

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0" });
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
  user = await signedIn(app, { email: "analyst@example.com", password: "analyst-password" });
  folder = mkdtempSync(join(tmpdir(), "dc-upload-"));
});
afterAll(async () => {
  await app.stop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

/** Posts the files as multipart under `files`, as the browser does. */
async function upload(client: HttpClient, id: string, files: { name: string; content: Uint8Array | string }[]) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([f.content as BlobPart], f.name));
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${app.url}/api/sanctions/datasets/${id}/import`, { method: "POST", headers: { cookie, origin: app.url }, body: form });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const fixture = (...path: string[]) => ({ name: path[path.length - 1], content: new Uint8Array(readFileSync(join(FIXTURES, ...path))) });

async function versionsOf(id: string) {
  return app.db
    .select({ id: schema.sanctionsDatasetVersions.id, isCurrent: schema.sanctionsDatasetVersions.isCurrent })
    .from(schema.sanctionsDatasetVersions)
    .where(eq(schema.sanctionsDatasetVersions.datasetId, id));
}
const statusOf = async (id: string) => (await app.db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, id)))[0].lastDownloadStatus;

describe("POST /api/sanctions/datasets/{id}/import", () => {
  test("an admin's file becomes the new version (201), searched at once; the same file again is 200, not a version", async () => {
    const res = await upload(admin, "un_sc_sanctions", [fixture("un_xml", "consolidated.xml")]);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "success", version: { entity_count: expect.any(Number), version_date: expect.any(String) } });
    const [current] = (await versionsOf("un_sc_sanctions")).filter((v) => v.isCurrent);
    expect(current.id).toBe(res.json.version.id);
    const [audit] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "dataset.import"), eq(schema.auditLog.targetId, "un_sc_sanctions")));
    expect(audit).toMatchObject({ actorKind: "admin" });

    const again = await upload(admin, "un_sc_sanctions", [fixture("un_xml", "consolidated.xml")]);
    expect([again.status, again.json.status, again.json.version.id]).toEqual([200, "not_modified", res.json.version.id]);
    expect(await versionsOf("un_sc_sanctions")).toHaveLength(1);
  });

  test("a bad file is 400 with the parser's message and changes nothing", async () => {
    const before = await versionsOf("un_sc_sanctions");
    // Only ever imported, never downloaded: the list has no download status, and a refused file leaves it so.
    const statusBefore = await statusOf("un_sc_sanctions");
    expect(statusBefore).toBeNull();
    const res = await upload(admin, "un_sc_sanctions", [fixture("un_xml", "malformed", "truncated.xml")]);
    expect(res.status).toBe(400);
    expect(res.json.error).toStartWith("The files cannot be read as un_xml: truncated.xml");
    expect(await versionsOf("un_sc_sanctions")).toEqual(before);
    expect(await statusOf("un_sc_sanctions")).toBe(statusBefore);

    const missing = await upload(admin, "us_ofac_sdn", [fixture("ofac_csv", "sdn", "alt.csv")]);
    expect(missing.status).toBe(400);
    expect(missing.json.error).toContain("Missing sdn.csv");
    expect(await versionsOf("us_ofac_sdn")).toEqual([]);
  });

  test("a user is 403 and nothing changes; no files is 400; an unknown list is 404", async () => {
    const res = await upload(
      user,
      "us_ofac_sdn",
      SDN.map((n) => fixture("ofac_csv", "sdn", n)),
    );
    expect([res.status, res.json]).toEqual([403, { error: "Administrator role required" }]);
    expect(await versionsOf("us_ofac_sdn")).toEqual([]);
    const none = await upload(admin, "us_ofac_sdn", []);
    expect([none.status, none.json.error]).toEqual([400, "Send the list's files as multipart/form-data in a field named files"]);
    expect((await upload(admin, "nope", [fixture("un_xml", "consolidated.xml")])).status).toBe(404);
  });

  test("the four OFAC files as one zip make one version", async () => {
    const zip = new JSZip();
    for (const name of SDN) zip.file(`sdn/${name}`, readFileSync(join(FIXTURES, "ofac_csv", "sdn", name)));
    zip.file("__MACOSX/sdn/._sdn.csv", "resource fork");
    const content = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
    const res = await upload(admin, "us_ofac_sdn", [{ name: "sdn.zip", content }]);
    expect(res.status).toBe(201);
    expect(res.json.version.entity_count).toBeGreaterThan(0);
    const search = await user.get("/api/sanctions/search?term=Karimov");
    expect(search.status).toBe(200);
  });

  test("several files at once (the consolidated list's CSVs) make one version", async () => {
    const names = ["cons_prim.csv", "cons_alt.csv"];
    const res = await upload(
      admin,
      "us_ofac_cons",
      names.map((n) => fixture("ofac_csv", "cons", n)),
    );
    expect(res.status).toBe(201);
    expect(await versionsOf("us_ofac_cons")).toHaveLength(1);
  });

  test("an export file of another installation is accepted; a changed one is refused", async () => {
    const path = join(folder, "un.jsonl.gz");
    await exportDatasetVersion(app.db, "un_sc_sanctions", path);
    const same = await upload(admin, "un_sc_sanctions", [{ name: "un.jsonl.gz", content: new Uint8Array(readFileSync(path)) }]);
    expect([same.status, same.json.status]).toEqual([200, "not_modified"]);

    const text = gunzipSync(readFileSync(path)).toString("utf8");
    const changed = text.replace(/("entity":\{[^\n]*?"name":")([^"]+)/, "$1Someone Else");
    expect(changed).not.toBe(text);
    const before = await versionsOf("un_sc_sanctions");
    const tampered = await upload(admin, "un_sc_sanctions", [{ name: "un.jsonl.gz", content: new Uint8Array(gzipSync(changed)) }]);
    expect([tampered.status, tampered.json.error]).toEqual([400, "un.jsonl.gz does not match the checksum it carries: it was changed after it was exported"]);
    const other = await upload(admin, "us_congress_peps", [{ name: "un.jsonl.gz", content: new Uint8Array(readFileSync(path)) }]);
    expect([other.status, other.json.error]).toEqual([
      400,
      "un.jsonl.gz is an export of un_sc_sanctions, not of us_congress_peps; import it as un_sc_sanctions",
    ]);
    expect(await versionsOf("un_sc_sanctions")).toEqual(before);
  });

  test("an upload over the limit is 413 with a clear message", async () => {
    const res = await upload(admin, "un_sc_sanctions", [{ name: "consolidated.xml", content: new Uint8Array(51 * 1024 * 1024) }]);
    expect(res.status).toBe(413);
    expect(res.json.error).toBe("The upload is larger than 50 MB; zip the files, or import them with duecheck datasets import");
  });
});
