import { describe, expect, test } from "bun:test";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { fixtureFile, formatErrorOf } from "../fixtures/sanctions/fixtures.ts";

const parseUn = (path = "un_xml/consolidated.xml") => parseDatasetFiles("un_xml", "un_sc_sanctions", [fixtureFile(path)]);
const parseUnText = (name: string, xml: string) => parseDatasetFiles("un_xml", "un_sc_sanctions", [{ name, content: new TextEncoder().encode(xml) }]);

describe("UN Security Council consolidated list XML", () => {
  test("individuals and entities become people and organisations keyed by DATAID, leading zeros kept", () => {
    const entities = parseUn();
    expect(entities.map((entity) => [entity.sourceId, entity.schema, entity.name])).toEqual([
      ["0690123", "Person", "IBRAHIM AWWAD IBRAHIM ALI"],
      ["6908555", "Person", "JANG BOM SU"],
      ["110251", "Organization", "AL-QAIDA"],
      ["6908044", "Organization", "KOREA MINING DEVELOPMENT TRADING CORPORATION"],
    ]);
  });

  test("an individual's aliases by quality, original script, dates of birth, nationality and address", () => {
    const [person] = parseUn();
    expect(person.aliases).toEqual([
      { name: "ابراهيم عواد ابراهيم علي", kind: "original_script" },
      { name: "Dr. Ibrahim", kind: "aka" },
      { name: "Ibrahim Awwad", kind: "aka" },
      { name: "Ibrahim Awad", kind: "aka" },
      { name: "Abu Du'a", kind: "weak" },
      { name: "أبو دعاء", kind: "original_script" },
      { name: "Ibrahim al-Samarrai", kind: "fka" },
    ]);
    expect(person.birthDates).toEqual(["1971-01-01", "circa 1970", "1969 to 1972"]);
    expect(person.nationalities).toEqual(["Iraq"]);
    expect(person.addresses).toEqual(["Raqqa, Syrian Arab Republic"]);
    expect(person.programs).toEqual(["Al-Qaida", "QDi.299"]);
    expect(person.listedOn).toBe("2011-10-05");
    expect(person.remarks).toStartWith("Leader of ISIL & its predecessor. Described as a éminence grise.");
    expect(person.sourceUrl).toBe("https://scsanctions.un.org/consolidated/#:~:text=QDi.299");
  });

  test("a date of birth given with an alias counts, and a listing date with a time zone is read as its day", () => {
    const person = parseUn()[1];
    expect(person.birthDates).toEqual(["1958-02-22", "1957-04-15"]);
    expect(person.listedOn).toBe("2016-03-02");
    expect(person.remarks).toBeNull();
    expect(person.addresses).toEqual([]);
  });

  test("an entity's aliases, original-script name and address", () => {
    const [, , qaida, komid] = parseUn();
    expect(qaida.aliases).toEqual([
      { name: "القاعدة", kind: "original_script" },
      { name: "The Base", kind: "aka" },
      { name: "Islamic Army", kind: "fka" },
    ]);
    expect(qaida.addresses).toEqual(["Jl. Example 58, Cemani, Jawa Tengah, 57552, Indonesia"]);
    expect(komid.aliases).toEqual([{ name: "KOMID", kind: "aka" }]);
  });
});

describe("UN Security Council consolidated list XML, malformed", () => {
  test("a file cut between two elements is refused as truncated", () => {
    expect(formatErrorOf(() => parseUn("un_xml/malformed/truncated.xml"))).toBe(
      "truncated.xml ends at line 53 in the middle of an element: the file is truncated",
    );
  });

  test("a file whose last lines are missing is refused even when it ends between records", () => {
    const whole = new TextDecoder().decode(fixtureFile("un_xml/consolidated.xml").content);
    const cut = whole.slice(0, whole.lastIndexOf("</CONSOLIDATED_LIST>"));
    expect(formatErrorOf(() => parseUnText("cut.xml", cut))).toBe(
      `cut.xml ends at line ${cut.trimEnd().split("\n").length} before the closing </CONSOLIDATED_LIST> tag: the file is truncated`,
    );
  });

  test("a mismatched closing tag in the middle of the file is refused with its line, and nothing is returned", () => {
    const whole = new TextDecoder().decode(fixtureFile("un_xml/consolidated.xml").content);
    // Line 86 of the fixture: <FIRST_NAME>JANG</FIRST_NAME>, closed with the wrong tag.
    const damaged = whole.replace("<FIRST_NAME>JANG</FIRST_NAME>", "<FIRST_NAME>JANG</SECOND_NAME>");
    expect(formatErrorOf(() => parseUnText("damaged.xml", damaged))).toBe("damaged.xml is not well-formed XML at line 86, column 37: unexpected close tag.");
  });

  test("an undefined entity is refused (an HTML page or a broken export, not XML)", () => {
    const whole = new TextDecoder().decode(fixtureFile("un_xml/consolidated.xml").content);
    const damaged = whole.replace("<FIRST_NAME>JANG</FIRST_NAME>", "<FIRST_NAME>JANG&nbsp;</FIRST_NAME>");
    expect(formatErrorOf(() => parseUnText("entity.xml", damaged))).toStartWith("entity.xml is not well-formed XML at line 86");
  });

  test("an HTML error page is refused for its root element", () => {
    expect(formatErrorOf(() => parseUn("un_xml/malformed/error-page.html"))).toBe(
      "error-page.html: expected the root element <CONSOLIDATED_LIST>, found <html>",
    );
  });

  test("a record without DATAID is named by its position", () => {
    expect(formatErrorOf(() => parseUn("un_xml/malformed/no-dataid.xml"))).toBe('no-dataid.xml, INDIVIDUAL #2: an INDIVIDUAL without DATAID (named "NO")');
  });

  test("a list without individuals or entities is refused", () => {
    expect(formatErrorOf(() => parseUn("un_xml/malformed/empty-list.xml"))).toStartWith("empty-list.xml holds no entities");
  });
});
