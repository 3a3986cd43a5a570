import { describe, expect, test } from "bun:test";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { fixtureFile, formatErrorOf } from "../fixtures/sanctions/fixtures.ts";

const parseEu = (path = "eu_xml/eu_fsf.xml") => parseDatasetFiles("eu_xml", "eu_fsf", [fixtureFile(path)]);

describe("EU Financial Sanctions Files XML", () => {
  test("a person: strong names, translations, weak alias, citizenship, birth dates, address and programme", () => {
    const [person] = parseEu();
    expect(person.id).toBe("eu_fsf:142503");
    expect(person.schema).toBe("Person");
    expect(person.name).toBe("Ivan Petrovich Sidorov");
    expect(person.aliases).toEqual([
      { name: "Иван Петрович Сидоров", kind: "original_script" },
      { name: "Ivan Sydorov", kind: "aka" },
      { name: "Vanya", kind: "weak" },
    ]);
    expect(person.nationalities).toEqual(["RUSSIAN FEDERATION"]);
    expect(person.birthDates).toEqual(["1965-03-12", "circa 1966"]);
    expect(person.addresses).toEqual(["Okhotny Ryad 1, 103265, Moscow, RUSSIAN FEDERATION"]);
    expect(person.programs).toEqual(["UKR"]);
    expect(person.listedOn).toBe("2022-02-23");
    expect(person.remarks).toBe("Member of the State Duma. Listed for actions undermining the territorial integrity of Ukraine.");
    expect(person.sourceUrl).toBe("https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32022R0260&from=EN");
  });

  test("an enterprise without designation date is listed from its earliest regulation", () => {
    const [, company] = parseEu();
    expect(company.schema).toBe("Organization");
    expect(company.name).toBe("Syrian Example Petroleum Company");
    expect(company.aliases).toEqual([
      { name: "SEPC", kind: "aka" },
      { name: "Société syrienne de pétrole", kind: "aka" },
    ]);
    expect(company.programs).toEqual(["SYR"]);
    expect(company.listedOn).toBe("2011-12-02");
    expect(company.sourceUrl).toBe("https://eur-lex.europa.eu/LexUriServ/LexUriServ.do?uri=OJ:L:2011:319:0008:0010:EN:PDF");
    expect(company.addresses).toEqual(["P.O. Box 2849, Damascus, SYRIAN ARAB REPUBLIC"]);
  });
});

describe("EU Financial Sanctions Files XML, malformed", () => {
  test("a file cut inside an element is refused as truncated", () => {
    expect(formatErrorOf(() => parseEu("eu_xml/malformed/truncated.xml"))).toBe(
      "truncated.xml ends at line 33 in the middle of an element: the file is truncated",
    );
  });

  test("an entry without any name is named by its position and id", () => {
    expect(formatErrorOf(() => parseEu("eu_xml/malformed/no-name.xml"))).toBe("no-name.xml, sanctionEntity #2: sanctionEntity 502 has no name");
  });

  test("windows-1252 bytes in a file declared UTF-8 are refused with their offset", () => {
    expect(formatErrorOf(() => parseEu("eu_xml/malformed/latin1-declared-utf8.xml"))).toBe(
      "latin1-declared-utf8.xml is not valid UTF-8 text (first invalid byte at offset 174)",
    );
  });
});
