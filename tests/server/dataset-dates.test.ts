/**
 * The dates a list shows: one that was only imported has no "last download" (neither the import's time nor the
 * file's), and a version shows the publisher's date when its files carry one (the UN list's dateGenerated), beside
 * the import time; OFAC's CSVs carry none.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { importDatasetFiles } from "../../lib/sanctions/datasets/import.ts";
import { HttpClient } from "../../support/http-client.ts";
import { fixtureFile, fixtureFolder } from "../fixtures/sanctions/fixtures.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";

let restoreEnv: () => void = () => {};
let app: TestApp;
let admin: HttpClient;

const stored = (file: { name: string; content: Uint8Array }) => ({ ...file, sourceUrl: null, etag: null, lastModified: null });

beforeAll(async () => {
  restoreEnv = setEnv({ DUECHECK_DATASET_SCHEDULER: "0" });
  app = await startApp();
  admin = new HttpClient(app.url);
  await admin.signIn("admin@test.local", "Admin-password-1");
});
afterAll(async () => {
  await app?.stop();
  restoreEnv();
});

const dataset = async (id: string) => ((await admin.get("/api/sanctions/datasets")).json as any[]).find((d) => d.id === id);

describe("dataset dates", () => {
  test("a list never downloaded shows no download time, before and after an import", async () => {
    expect(await dataset("un_sc_sanctions")).toMatchObject({ last_download_at: null, last_download_status: null, recent_versions: [] });
    const result = await importDatasetFiles(app.db, "un_sc_sanctions", [stored(fixtureFile("un_xml/consolidated.xml"))], {
      actor: { kind: "cli" },
      timeoutMs: 10_000,
    });
    expect(result.status).toBe("success");
    const un = await dataset("un_sc_sanctions");
    expect(un).toMatchObject({ last_download_at: null, last_download_status: null, last_download_size: null });
    expect(un.recent_versions).toHaveLength(1);
    // The import time, and beside it the date the UN generated the list.
    expect(Math.abs(Date.parse(un.recent_versions[0].version_date) - Date.now())).toBeLessThan(120_000);
    expect(un.recent_versions[0].published_at).toBe("2026-02-27T00:00:09.554Z");
  });

  test("a large file, kept gzipped in chunks, shows its publisher's date from the head of its first chunk", async () => {
    const file = fixtureFile("un_xml/consolidated.xml");
    const text = new TextDecoder().decode(file.content);
    // A comment of 200 KB before the closing tag: the same list in a file far above what is kept whole.
    const padded = text.replace("</CONSOLIDATED_LIST>", `<!-- ${"padding ".repeat(25_000)}-->\n</CONSOLIDATED_LIST>`);
    const result = await importDatasetFiles(app.db, "un_sc_sanctions", [stored({ name: file.name, content: new TextEncoder().encode(padded) })], {
      actor: { kind: "cli" },
      timeoutMs: 10_000,
    });
    expect(result.status).toBe("success");
    const [kept] = await app.db
      .select({ content: schema.sanctionsVersionFiles.content })
      .from(schema.sanctionsVersionFiles)
      .where(eq(schema.sanctionsVersionFiles.versionId, result.version!.id));
    expect(kept.content).toBeNull();
    const un = await dataset("un_sc_sanctions");
    expect(un.recent_versions[0]).toMatchObject({ id: result.version!.id, published_at: "2026-02-27T00:00:09.554Z" });
  });

  test("OFAC's CSVs carry no publisher's date: the version has none", async () => {
    const result = await importDatasetFiles(app.db, "us_ofac_sdn", fixtureFolder("ofac_csv/sdn").map(stored), { actor: { kind: "cli" }, timeoutMs: 10_000 });
    expect(result.status).toBe("success");
    const sdn = await dataset("us_ofac_sdn");
    expect(sdn.recent_versions).toHaveLength(1);
    expect(sdn.recent_versions[0].published_at).toBeUndefined();
    expect(sdn.last_download_at).toBeNull();
  });
});
