import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import JSZip from "jszip";
import { runCli } from "../helpers/cli.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { setEnv } from "../helpers/env.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const ENV = { DUECHECK_DATASET_SCHEDULER: "0" };
let restoreEnv: () => void = () => {};

/** A connected site and an air-gapped one: two installations, each with its own database. */
let connected: TestDatabase;
let airGapped: TestDatabase;
let folder: string;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  connected = await createTestDatabase();
  airGapped = await createTestDatabase();
  folder = mkdtempSync(join(tmpdir(), "dc-export-"));
});
afterAll(async () => {
  await connected.drop();
  await airGapped.drop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

// Generous: a CLI process on a loaded machine may take a minute to start on PGlite.
const on = (site: TestDatabase, ...args: string[]) => runCli(args, { ...site.env, ...ENV }, 240_000);
const current = async (site: TestDatabase, id: string) => {
  const list = JSON.parse((await on(site, "datasets", "list", "--json")).stdout) as any[];
  return list.find((d) => d.id === id).recent_versions.find((v: any) => v.is_current) ?? null;
};

describe("duecheck datasets export / import of the export", () => {
  test("a version goes from one installation to another with its source date and checksum", async () => {
    const imported = await on(connected, "datasets", "import", "us_ofac_sdn", join(FIXTURES, "ofac_csv", "sdn"));
    expect(imported.code).toBe(0);
    const file = join(folder, "sdn.duecheck.jsonl.gz");
    const exported = await on(connected, "datasets", "export", "us_ofac_sdn", file, "--json");
    expect(exported.stderr).toBe("");
    const header = JSON.parse(exported.stdout);
    expect(header).toMatchObject({ format: "duecheck-dataset-export", format_version: 1, dataset_id: "us_ofac_sdn", dataset_format: "ofac_csv" });
    expect(header.checksum).toMatch(/^[0-9a-f]{64}$/);
    const firstLine = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8").split("\n")[0]);
    expect(firstLine).toMatchObject({ source_date: header.source_date, checksum: header.checksum, entity_count: header.entity_count });

    const res = await on(airGapped, "datasets", "import", "us_ofac_sdn", file);
    expect(res.stderr).toBe("");
    expect(res.stdout).toStartWith(`us_ofac_sdn: new current version ${header.source_date} with ${header.entity_count} entities`);
    const there = await current(airGapped, "us_ofac_sdn");
    const here = await current(connected, "us_ofac_sdn");
    expect({ date: there.version_date, entities: there.entity_count, size: there.file_size }).toEqual({
      date: here.version_date,
      entities: here.entity_count,
      size: here.file_size,
    });
    // The air-gapped site's own export carries the same checksum: the same entities, as stored.
    const again = JSON.parse((await on(airGapped, "datasets", "export", "us_ofac_sdn", join(folder, "back.jsonl.gz"), "--json")).stdout);
    expect([again.checksum, again.source_date, again.content_hash]).toEqual([header.checksum, header.source_date, header.content_hash]);
    const twice = await on(airGapped, "datasets", "import", "us_ofac_sdn", file);
    expect(twice.stdout).toStartWith("us_ofac_sdn: identical to the current version;");
  }, 600_000);

  test("a PEP list's positions and relatives go across with the entities, under the same checksum", async () => {
    expect((await on(connected, "datasets", "import", "us_congress_peps", join(FIXTURES, "opensanctions_senzing", "senzing.json"))).code).toBe(0);
    const file = join(folder, "peps.duecheck.jsonl.gz");
    const header = JSON.parse((await on(connected, "datasets", "export", "us_congress_peps", file, "--json")).stdout);
    const lines = gunzipSync(readFileSync(file))
      .toString("utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const franklin = lines.find((l) => l.entity?.name === "Scott Franklin").entity;
    expect(franklin.pep).toEqual({
      role: "pep",
      positions: [{ title: "United States representative", country: "US", level: null, startDate: null, endDate: null, current: null }],
      relatedPeps: [],
    });
    expect((await on(airGapped, "datasets", "import", "us_congress_peps", file)).code).toBe(0);
    const again = JSON.parse((await on(airGapped, "datasets", "export", "us_congress_peps", join(folder, "peps-back.jsonl.gz"), "--json")).stdout);
    expect(again.checksum).toBe(header.checksum);
  }, 600_000);

  test("a changed export file, one for another list, or a zip of the list's files: refused or imported as the CLI always did", async () => {
    const file = join(folder, "sdn.duecheck.jsonl.gz");
    const text = gunzipSync(readFileSync(file)).toString("utf8");
    const tamperedPath = join(folder, "tampered.jsonl.gz");
    writeFileSync(tamperedPath, gzipSync(text.replace(/("entity":\{[^\n]*?"name":")([^"]+)/, "$1Someone Else")));
    const before = await current(airGapped, "us_ofac_sdn");
    const tampered = await on(airGapped, "datasets", "import", "us_ofac_sdn", tamperedPath);
    expect([tampered.code, tampered.stderr.trim()]).toEqual([
      1,
      "duecheck: tampered.jsonl.gz does not match the checksum it carries: it was changed after it was exported",
    ]);
    const cut = join(folder, "cut.jsonl.gz");
    writeFileSync(cut, gzipSync(text.split("\n").slice(0, -2).join("\n")));
    const cutShort = await on(airGapped, "datasets", "import", "us_ofac_sdn", cut);
    expect(cutShort.code).toBe(1);
    expect(cutShort.stderr).toContain("the export file is damaged or cut short");
    const other = await on(airGapped, "datasets", "import", "us_ofac_cons", file);
    expect([other.code, other.stderr.trim()]).toEqual([
      1,
      "duecheck: sdn.duecheck.jsonl.gz is an export of us_ofac_sdn, not of us_ofac_cons; import it as us_ofac_sdn",
    ]);
    expect(await current(airGapped, "us_ofac_sdn")).toEqual(before);
    expect(await current(airGapped, "us_ofac_cons")).toBeNull();

    const zip = new JSZip();
    zip.file("consolidated.xml", readFileSync(join(FIXTURES, "un_xml", "consolidated.xml")));
    writeFileSync(join(folder, "un.zip"), await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
    const zipped = await on(airGapped, "datasets", "import", "un_sc_sanctions", join(folder, "un.zip"));
    expect(zipped.stdout).toStartWith("un_sc_sanctions: new current version");
  }, 600_000);

  test("exporting a list without a version says so", async () => {
    const res = await on(airGapped, "datasets", "export", "eu_fsf", join(folder, "eu.jsonl.gz"));
    expect([res.code, res.stderr.trim()]).toEqual([1, "duecheck: eu_fsf has no version to export yet; download or import it first"]);
  }, 240_000);
});
