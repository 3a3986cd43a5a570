/**
 * The CSV lists are read from disk a record at a time. What a user relies on: a list read from disk in chunks gives
 * exactly the entities its bytes give at once, however the chunks split records, line breaks and characters, and a
 * broken quote far into a file still names the file and the line.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatasetFile, SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { parseDatasetFiles, readDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { type OfacFiles, readOfacCsv } from "../../lib/sanctions/parsers/ofac-csv.ts";
import type { DiskFile } from "../../lib/sanctions/parsers/source.ts";
import { readUkFcdoCsv } from "../../lib/sanctions/parsers/uk-fcdo-csv.ts";
import { formatErrorOf } from "../fixtures/sanctions/fixtures.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const folder = mkdtempSync(join(tmpdir(), "csv-stream-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The file on disk and the same bytes in memory. */
function both(name: string, content: Uint8Array, dir = mkdtempSync(join(folder, "f-"))): { disk: DiskFile; bytes: DatasetFile } {
  const path = join(dir, name);
  writeFileSync(path, content);
  return { disk: { name, path }, bytes: { name, content } };
}
const fixture = (path: string, dir?: string) => both(path.split("/").pop()!, new Uint8Array(readFileSync(join(FIXTURES, path))), dir);
const utf8 = (text: string) => new TextEncoder().encode(text);

/** 1 byte splits every record, CRLF, BOM and multi-byte character; 7 and 64 split them at changing places. */
const CHUNK_SIZES = [1, 2, 3, 7, 64];

const OFAC_SDN = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"];

/** The OFAC SDN fixture (windows-1252) as UTF-8 with a BOM, its accents two bytes each. */
function ofacAsUtf8() {
  const dir = mkdtempSync(join(folder, "utf8-"));
  return OFAC_SDN.map((name) => {
    const text = new TextDecoder("windows-1252").decode(readFileSync(join(FIXTURES, "ofac_csv/sdn", name)));
    return both(name, utf8(`\uFEFF${text.replace("O'NEIL", "O'NEIL Ωμέγα 東京 🙂")}`), dir);
  });
}

describe("an OFAC set read from disk in chunks", () => {
  const sets = {
    "windows-1252": ((dir) => OFAC_SDN.map((name) => fixture(`ofac_csv/sdn/${name}`, dir)))(mkdtempSync(join(folder, "cp1252-"))),
    "UTF-8 with a BOM": ofacAsUtf8(),
  };
  for (const [label, files] of Object.entries(sets)) {
    test(`${label}: the same entities as its bytes give, whatever the chunk size`, () => {
      const expected = parseDatasetFiles(
        "ofac_csv",
        "us_ofac_sdn",
        files.map((f) => f.bytes),
      );
      expect(expected.map((e) => e.sourceId)).toEqual(["1001", "1002", "1003", "1004", "1005"]);
      if (label !== "windows-1252") expect(expected[4].name).toBe('O\'NEIL Ωμέγα 東京 🙂, Patrick "Paddy"');
      for (const size of CHUNK_SIZES) {
        expect([...readOfacCsv("us_ofac_sdn", files.map((f) => f.disk) as OfacFiles, size)]).toEqual(expected);
      }
    });
  }

  test("UTF-8 at its head but windows-1252 further on is read as windows-1252 throughout, as when read whole", () => {
    const rows = [`1001,"CAFÉ ONE",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `];
    for (let i = 2; i < 40; i++) rows.push(`${1000 + i},"ENTRY ${i}",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `);
    const head = utf8(`${rows.join("\r\n")}\r\n`);
    const { disk, bytes } = both(
      "sdn.csv",
      new Uint8Array([...head, ...utf8('1099,"M'), 0xdc, ...utf8('LLER",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n')]),
    );
    const expected = parseDatasetFiles("ofac_csv", "x", [bytes]);
    expect([expected[0].name, expected.at(-1)!.name]).toEqual(["CAFÃ‰ ONE", "MÜLLER"]);
    for (const size of CHUNK_SIZES) expect([...readOfacCsv("x", [disk], size)]).toEqual(expected);
  });
});

describe("a UK list read from disk in chunks", () => {
  test("the same designations as its bytes give, whatever the chunk size", () => {
    for (const path of ["uk_fcdo_csv/UK-Sanctions-List.csv", "uk_fcdo_csv/ofsi-conlist.csv"]) {
      const { disk, bytes } = fixture(path);
      const expected = parseDatasetFiles("uk_fcdo_csv", "gb", [bytes]);
      for (const size of CHUNK_SIZES) expect([...readUkFcdoCsv("gb", disk, size)]).toEqual(expected);
    }
  });

  test("a designation's rows apart from each other still make one designation, in the order of its first row", () => {
    const text = readFileSync(join(FIXTURES, "uk_fcdo_csv/UK-Sanctions-List.csv"), "utf8");
    const [report, heading, ...rows] = text.split("\r\n").filter(Boolean);
    const together = parseDatasetFiles("uk_fcdo_csv", "gb", [{ name: "UK-Sanctions-List.csv", content: utf8(text) }]);
    // Sorted by name: each designation's rows spread through the file.
    const sorted = [...rows].sort((a, b) => a.split('","')[4].localeCompare(b.split('","')[4]));
    expect(sorted.map((row) => row.split('","')[1])).toEqual(["RUS2001", "RUS1612", "RUS0254", "RUS0254", "RUS0254", "RUS1612", "RUS0254"]);
    const { disk, bytes } = both("UK-Sanctions-List.csv", utf8(`${[report, heading, ...sorted].join("\r\n")}\r\n`));
    const expected = parseDatasetFiles("uk_fcdo_csv", "gb", [bytes]);
    expect(expected.map((e) => e.sourceId)).toEqual(["RUS2001", "RUS1612", "RUS0254"]);
    for (const size of CHUNK_SIZES) expect([...readUkFcdoCsv("gb", disk, size)]).toEqual(expected);
    // The same names and facts as with the rows together; only the order within a list follows the rows'.
    const facts = (e: SanctionsEntity) =>
      Object.fromEntries(Object.entries(e).map(([key, value]) => [key, Array.isArray(value) ? value.map((v) => JSON.stringify(v)).sort() : value]));
    for (const entity of expected) expect(facts(entity)).toEqual(facts(together.find((e) => e.id === entity.id)!));
  });
});

describe("a broken quote far into a CSV list read from disk", () => {
  const row = (n: number, name = `ENTRY ${n}`) => `${1000 + n},"${name}",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `;
  const rows = Array.from({ length: 400 }, (_, i) => row(i + 1, i === 299 ? 'BROKEN "QUOTE' : undefined));
  const { disk } = both("sdn.csv", utf8(`${rows.join("\r\n")}\r\n`));

  test("gives the entries before it, then fails naming the file and the line, whatever the chunk size", () => {
    const reading = readDatasetFiles("ofac_csv", "x", [disk]);
    // Read a record at a time: the first entry comes before the reader reaches the broken line.
    expect(reading.next().value?.name).toBe("ENTRY 1");
    let given = 1;
    const message = formatErrorOf(() => {
      for (const _ of reading) given++;
    });
    expect(given).toBe(299);
    expect(message).toStartWith("sdn.csv: ");
    expect(message).toContain("at line 300");
    for (const size of [3, 64]) expect(formatErrorOf(() => [...readOfacCsv("x", [disk], size)])).toBe(message);
  });
});
