import { describe, expect, test } from "bun:test";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { fixtureFile, fixtureFolder, formatErrorOf } from "../fixtures/sanctions/fixtures.ts";

const sdnFiles = fixtureFolder("ofac_csv/sdn");
const parseSdn = () => parseDatasetFiles("ofac_csv", "us_ofac_sdn", sdnFiles);
const entry = (entities: SanctionsEntity[], id: string) => entities.find((entity) => entity.sourceId === id)!;

describe("OFAC legacy CSV", () => {
  test("every sdn.csv row becomes one entity with the publisher's id and page", () => {
    const entities = parseSdn();
    expect(entities.map((entity) => entity.id)).toEqual(["us_ofac_sdn:1001", "us_ofac_sdn:1002", "us_ofac_sdn:1003", "us_ofac_sdn:1004", "us_ofac_sdn:1005"]);
    expect(entry(entities, "1001").sourceUrl).toBe("https://sanctionssearch.ofac.treas.gov/Details.aspx?id=1001");
    expect(entities.map((entity) => entity.schema)).toEqual(["Person", "Vessel", "Organization", "Aircraft", "Person"]);
  });

  test("an individual keeps its Latin-1 accents, LAST, First order, programs and the facts in its remarks", () => {
    const person = entry(parseSdn(), "1001");
    expect(person.name).toBe("MÜLLER, José Antonio");
    expect(person.programs).toEqual(["SDGT", "IRGC"]);
    expect(person.birthDates).toEqual(["1965-03-12", "circa 1960", "1960 to 1962"]);
    expect(person.nationalities).toEqual(["Iran", "Germany"]);
    expect(person.aliases).toEqual([
      { name: "MUELLER, Jose Antonio", kind: "aka" },
      { name: "MÜLLER-SCHMIDT, José", kind: "fka" },
      { name: "ABU JOSÉ", kind: "weak" },
    ]);
    expect(person.addresses).toEqual(["Valiasr Street 12, Tehran, Iran", "Germany"]);
    expect(person.remarks).toStartWith("DOB 12 Mar 1965; alt. DOB circa 1960;");
    expect(person.listedOn).toBeNull();
  });

  test("a vessel carries its flag as nationality and its former names", () => {
    const vessel = entry(parseSdn(), "1002");
    expect(vessel.name).toBe("SEA STAR");
    expect(vessel.nationalities).toEqual(["Panama"]);
    expect(vessel.aliases).toEqual([{ name: "OCEAN STAR", kind: "fka" }]);
  });

  test("-0- is empty, an alternate name repeating the primary name is dropped, rows of unknown entries are ignored", () => {
    const entities = parseSdn();
    const company = entry(entities, "1003");
    expect(company.remarks).toBeNull();
    expect(company.aliases).toEqual([{ name: "ACME GLOBAL TRADING CO.", kind: "nka" }]);
    expect(company.addresses).toEqual(["Calle 23 No. 55, Havana, Cuba"]);
    expect(entities.flatMap((entity) => entity.aliases).some((alias) => alias.name === "NOT A LISTED ENTRY")).toBe(false);
  });

  test("quoted quotes are read and remarks continue from the comments file", () => {
    const person = entry(parseSdn(), "1005");
    expect(person.name).toBe(`O'NEIL, Patrick "Paddy"`);
    expect(person.remarks).toEndWith("Linked To: EXAMPLE GROUP LTD.; a.k.a. 'PADDY'.");
    expect(person.aliases).toEqual([{ name: "PADDY", kind: "weak" }]);
    expect(person.birthDates).toEqual(["1970-01-01", "1971-02"]);
    expect(person.nationalities).toEqual(["Ireland"]);
  });

  test("the consolidated set uses the same layout under its own file names", () => {
    const [person] = parseDatasetFiles("ofac_csv", "us_ofac_cons", fixtureFolder("ofac_csv/cons"));
    expect(person.id).toBe("us_ofac_cons:2001");
    expect(person.programs).toEqual(["NS-PLC"]);
    expect(person.birthDates).toEqual(["1962"]);
    expect(person.aliases).toEqual([{ name: "HANIYYA, Ismaeel", kind: "aka" }]);
  });

  test("the primary file alone is enough", () => {
    const entities = parseDatasetFiles("ofac_csv", "us_ofac_sdn", [fixtureFile("ofac_csv/sdn/sdn.csv")]);
    expect(entities).toHaveLength(5);
    expect(entry(entities, "1001").aliases).toEqual([{ name: "ABU JOSÉ", kind: "weak" }]);
  });
});

describe("OFAC legacy CSV, malformed", () => {
  const asSdn = (path: string) => [fixtureFile(path, "sdn.csv")];

  test("a row with the wrong number of columns names the file and line", () => {
    const message = formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", asSdn("ofac_csv/malformed/sdn-wrong-columns.csv")));
    expect(message).toBe("sdn.csv line 3: expected 12 columns, found 11");
  });

  test("a broken quote names the file and line", () => {
    const message = formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", asSdn("ofac_csv/malformed/sdn-unclosed-quote.csv")));
    expect(message).toStartWith("sdn.csv: ");
    expect(message).toContain("line 2");
  });

  test("an HTML error page saved as sdn.csv is refused", () => {
    const message = formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", asSdn("ofac_csv/malformed/sdn-error-page.html")));
    expect(message).toStartWith("sdn.csv line 1: expected 12 columns");
  });

  test("a compressed download is refused with what it is", () => {
    const message = formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", asSdn("ofac_csv/malformed/sdn.csv.gz")));
    expect(message).toBe("sdn.csv is gzip-compressed; unpack it before importing");
  });

  test("a companion file of the other set is refused", () => {
    const files = [fixtureFile("ofac_csv/sdn/sdn.csv"), fixtureFile("ofac_csv/cons/cons_alt.csv")];
    expect(formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", files))).toBe("cons_alt.csv does not belong with sdn.csv; expected alt.csv");
  });

  test("without sdn.csv or cons_prim.csv nothing is parsed", () => {
    const message = formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", [fixtureFile("ofac_csv/sdn/alt.csv")]));
    expect(message).toBe("Missing sdn.csv or cons_prim.csv (primary records); files given: alt.csv");
  });

  test("an sdn.csv holding only the end-of-file byte has no entities", () => {
    const empty = { name: "sdn.csv", content: new Uint8Array([0x1a]) };
    expect(formatErrorOf(() => parseDatasetFiles("ofac_csv", "x", [empty]))).toContain("sdn.csv holds no entities");
  });
});
