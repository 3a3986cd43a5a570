/**
 * The publisher's date read from the head of a list's files, on the official formats' fixtures: the UN list's
 * dateGenerated, the EU file's generationDate, the UK list's "Report Date:" (FCDO) and "Last Updated" (OFSI) lines;
 * OFAC's legacy CSVs carry none.
 */
import { describe, expect, test } from "bun:test";
import { PUBLISHED_DATE_HEAD_BYTES, publishedDateOf } from "../../lib/sanctions/parsers/published-date.ts";
import { fixtureFile, fixtureFolder } from "../fixtures/sanctions/fixtures.ts";

const head = (file: { name: string; content: Uint8Array }) => ({
  name: file.name,
  head: new TextDecoder().decode(file.content.subarray(0, PUBLISHED_DATE_HEAD_BYTES)),
});

describe("the publisher's date of a list", () => {
  test("UN, EU and UK files carry it at their head", () => {
    expect(publishedDateOf("un_xml", [head(fixtureFile("un_xml/consolidated.xml"))])).toBe("2026-02-27T00:00:09.554Z");
    expect(publishedDateOf("eu_xml", [head(fixtureFile("eu_xml/eu_fsf.xml"))])).toBe("2026-02-26T17:02:11.337Z");
    expect(publishedDateOf("uk_fcdo_csv", [head(fixtureFile("uk_fcdo_csv/UK-Sanctions-List.csv"))])).toBe("2025-10-01");
    expect(publishedDateOf("uk_fcdo_csv", [head(fixtureFile("uk_fcdo_csv/ofsi-conlist.csv"))])).toBe("2025-10-01");
  });

  test("OFAC's CSVs, a file without the date and another format's file have none", () => {
    expect(publishedDateOf("ofac_csv", fixtureFolder("ofac_csv/sdn").map(head))).toBeNull();
    expect(publishedDateOf("un_xml", [{ name: "consolidated.xml", head: '<?xml version="1.0"?>\n<CONSOLIDATED_LIST>' }])).toBeNull();
    expect(publishedDateOf("un_xml", [{ name: "consolidated.xml", head: '<CONSOLIDATED_LIST dateGenerated="not a date">' }])).toBeNull();
    expect(publishedDateOf("eu_xml", [head(fixtureFile("un_xml/consolidated.xml"))])).toBeNull();
  });
});
