import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatasetFormatError } from "../../lib/sanctions/entity.ts";
import { readDatasetFiles } from "../../lib/sanctions/parsers/index.ts";

const individual = (id: number, first: string, last: string) =>
  `<INDIVIDUAL><DATAID>${id}</DATAID><FIRST_NAME>${first}</FIRST_NAME><SECOND_NAME>${last}</SECOND_NAME><UN_LIST_TYPE>Test</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.${id}</REFERENCE_NUMBER></INDIVIDUAL>\n`;

function unFile(body: string, close = true): { name: string; path: string } {
  const dir = mkdtempSync(join(tmpdir(), "xml-stream-"));
  const path = join(dir, "consolidated.xml");
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<CONSOLIDATED_LIST><INDIVIDUALS>\n${body}${close ? "</INDIVIDUALS></CONSOLIDATED_LIST>\n" : ""}`,
  );
  return { name: "consolidated.xml", path };
}

describe("an XML list read from disk a record at a time", () => {
  test("the records come in the file's order, each as it closes", () => {
    const names = [...readDatasetFiles("un_xml", "un_sc", [unFile(individual(1, "Orvel", "Quandt") + individual(2, "Tamsin", "Vorlake"))])].map((e) => e.name);
    expect(names).toEqual(["Orvel Quandt", "Tamsin Vorlake"]);
  });

  test("a file cut short gives its first records, then fails naming the line: the import as a whole fails", () => {
    const records = Array.from({ length: 300 }, (_, i) => individual(i + 1, "Orvel", `Quandt${String.fromCharCode(97 + (i % 26))}`)).join("");
    const reading = readDatasetFiles("un_xml", "un_sc", [unFile(records, false)]);
    // The first record is given before the reader has reached the end (read whole, the file would fail at once).
    expect(reading.next().value?.name).toBe("Orvel Quandta");
    let error: unknown;
    try {
      for (const _ of reading);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DatasetFormatError);
    expect((error as Error).message).toBe("consolidated.xml ends at line 302 in the middle of an element: the file is truncated");
  });
});
