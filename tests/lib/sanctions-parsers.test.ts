import { describe, expect, test } from "bun:test";
import { DATASET_FORMAT_IDS, DATASET_FORMATS, parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { fixtureFile, fixtureFolder, formatErrorOf } from "../fixtures/sanctions/fixtures.ts";

const bytes = (name: string, ...values: number[]) => ({ name, content: new Uint8Array(values) });

describe("dataset formats", () => {
  test("every format is described once with a label and the files it expects", () => {
    expect(DATASET_FORMATS.map((format) => format.id)).toEqual([...DATASET_FORMAT_IDS]);
    for (const format of DATASET_FORMATS) {
      expect(format.label.length).toBeGreaterThan(0);
      expect(format.files.filter((file) => file.required).length).toBe(1);
    }
    const ofac = DATASET_FORMATS.find((format) => format.id === "ofac_csv")!;
    expect(ofac.files.map((file) => [file.names, file.required])).toEqual([
      [["sdn.csv", "cons_prim.csv"], true],
      [["alt.csv", "cons_alt.csv"], false],
      [["add.csv", "cons_add.csv"], false],
      [["sdn_comments.csv", "cons_comments.csv"], false],
    ]);
  });
});

describe("choosing the files of a dataset version", () => {
  test("file names are matched without case or folder, as the OFAC service serves SDN.CSV", () => {
    const files = fixtureFolder("ofac_csv/sdn").map((file) => ({ ...file, name: `download/${file.name.toUpperCase()}` }));
    const entities = parseDatasetFiles("ofac_csv", "us_ofac_sdn", files);
    expect(entities.find((entity) => entity.sourceId === "1001")!.aliases).toHaveLength(3);
  });

  test("a single-file format takes a lone file of any name, and ignores unrelated extra files", () => {
    const eu = fixtureFile("eu_xml/eu_fsf.xml", "content");
    expect(parseDatasetFiles("eu_xml", "eu_fsf", [eu])).toHaveLength(2);
    const un = [fixtureFile("un_xml/consolidated.xml"), bytes("README.txt", 0x68, 0x69)];
    expect(parseDatasetFiles("un_xml", "un_sc_sanctions", un)).toHaveLength(4);
  });

  test("missing, ambiguous or absent files are refused before anything is read", () => {
    expect(formatErrorOf(() => parseDatasetFiles("un_xml", "x", []))).toBe("No files given for UN Security Council consolidated list (XML)");
    const twoOthers = [bytes("a.xml", 0x3c), bytes("b.xml", 0x3c)];
    expect(formatErrorOf(() => parseDatasetFiles("un_xml", "x", twoOthers))).toBe(
      "Missing consolidated.xml (the consolidated list); files given: a.xml, b.xml",
    );
    const bothSets = [fixtureFile("ofac_csv/sdn/sdn.csv"), fixtureFile("ofac_csv/cons/cons_prim.csv")];
    expect(formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", bothSets))).toBe("sdn.csv and cons_prim.csv both given; a dataset holds only one of them");
  });
});

describe("content that is not text", () => {
  test("empty, binary and UTF-16 files are refused with what they are", () => {
    expect(formatErrorOf(() => parseDatasetFiles("opensanctions_senzing", "x", [bytes("senzing.json")]))).toBe("senzing.json is empty");
    expect(formatErrorOf(() => parseDatasetFiles("un_xml", "x", [bytes("consolidated.xml", 0x3c, 0x00, 0x41)]))).toBe(
      "consolidated.xml is binary, not text (NUL byte at offset 1)",
    );
    expect(formatErrorOf(() => parseDatasetFiles("uk_fcdo_csv", "x", [bytes("UK-Sanctions-List.csv", 0xff, 0xfe, 0x41, 0x00)]))).toBe(
      "UK-Sanctions-List.csv is UTF-16 encoded; expected UTF-8 or windows-1252 text",
    );
    expect(formatErrorOf(() => parseDatasetFiles("eu_xml", "x", [bytes("eu_fsf.xml", 0x50, 0x4b, 0x03, 0x04, 0x14)]))).toBe(
      "eu_fsf.xml is a zip archive; unpack it before importing",
    );
  });
});
