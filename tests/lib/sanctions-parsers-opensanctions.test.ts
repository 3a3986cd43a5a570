import { describe, expect, test } from "bun:test";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { fixtureFile, formatErrorOf } from "../fixtures/sanctions/fixtures.ts";

const parseFtm = (path = "opensanctions_ftm/entities.ftm.json") => parseDatasetFiles("opensanctions_ftm", "os_sanctions", [fixtureFile(path)]);
const parseSenzing = (path = "opensanctions_senzing/senzing.json") => parseDatasetFiles("opensanctions_senzing", "us_congress_peps", [fixtureFile(path)]);

describe("OpenSanctions FollowTheMoney entities", () => {
  test("screening targets of the kept schemata; sanctions, addresses and context entities are skipped", () => {
    expect(parseFtm().map((entity) => [entity.sourceId, entity.schema, entity.name])).toEqual([
      ["NK-ivan-petrov", "Person", "Ivan Petrov"],
      ["NK-romashka", "Organization", "Romashka LLC"],
      ["NK-ocean-glory", "Vessel", "OCEAN GLORY"],
      ["NK-ep-abc", "Aircraft", "EP-ABC"],
      ["NK-ministry", "Organization", "Ministry of Example Affairs"],
    ]);
  });

  test("a person's names by kind, dates, nationality and citizenship, program, address, notes and page", () => {
    const [person] = parseFtm();
    expect(person.aliases).toEqual([
      { name: "Иван Петров", kind: "original_script" },
      { name: "Vanya Petrov", kind: "aka" },
      { name: "Ivan Sidorov", kind: "fka" },
      { name: "Vanya", kind: "weak" },
    ]);
    expect(person.birthDates).toEqual(["1965-03-12", "1966"]);
    expect(person.nationalities).toEqual(["ru", "cy"]);
    expect(person.programs).toEqual(["RU-EO14024"]);
    expect(person.addresses).toEqual(["Tverskaya Street 1, Moscow, Russia"]);
    expect(person.remarks).toBe("Chairman of a state-owned bank.");
    expect(person.listedOn).toBe("2022-03-16");
    expect(person.sourceUrl).toBe("https://www.opensanctions.org/entities/NK-ivan-petrov/");
  });

  test("organisations and vessels take their countries from jurisdiction, country or flag", () => {
    const [, company, vessel, aircraft] = parseFtm();
    expect(company.nationalities).toEqual(["ru"]);
    expect(company.aliases).toEqual([{ name: "ROM", kind: "aka" }]);
    expect(company.programs).toEqual(["Russia-related Designations"]);
    expect(vessel.nationalities).toEqual(["pa"]);
    expect(vessel.aliases).toEqual([{ name: "SEA GLORY", kind: "fka" }]);
    expect(aircraft.nationalities).toEqual(["ir"]);
  });

  test("a line cut short, an entity without id and a file of context entities only are refused", () => {
    expect(formatErrorOf(() => parseFtm("opensanctions_ftm/malformed/cut-short.json"))).toStartWith(
      "cut-short.json line 2: not valid JSON (the last line is cut short: the file may be truncated)",
    );
    expect(formatErrorOf(() => parseFtm("opensanctions_ftm/malformed/no-id.json"))).toBe('no-id.json line 2: entity without "id"');
    expect(formatErrorOf(() => parseFtm("opensanctions_ftm/malformed/only-context.json"))).toStartWith("only-context.json holds no entities");
  });
});

describe("OpenSanctions Senzing records", () => {
  test("people, organisations and vessels; records without a type (positions) are skipped", () => {
    expect(parseSenzing().map((entity) => [entity.id, entity.schema, entity.name])).toEqual([
      ["us_congress_peps:Q101198561", "Person", "Scott Franklin"],
      ["us_congress_peps:NK-split-name", "Person", "Maria José Gómez"],
      ["us_congress_peps:NK-romashka", "Organization", "Romashka LLC"],
      ["us_congress_peps:NK-ocean-glory", "Vessel", "OCEAN GLORY"],
    ]);
  });

  test("aliases, date of birth, nationalities, addresses (not the place of birth) and URL", () => {
    const [pep, split, company] = parseSenzing();
    expect(pep.aliases).toEqual([{ name: "C. Scott Franklin", kind: "aka" }]);
    expect(pep.birthDates).toEqual(["1964"]);
    expect(pep.nationalities).toEqual(["us"]);
    expect(pep.addresses).toEqual(["1517 Longworth House Office Building, Washington, DC"]);
    expect(pep.sourceUrl).toBe("https://www.opensanctions.org/entities/Q101198561");
    expect(split.nationalities).toEqual(["es", "ar"]);
    expect(company.aliases).toEqual([{ name: "ООО Ромашка", kind: "original_script" }]);
    expect(company.nationalities).toEqual(["ru"]);
    expect(company.addresses).toEqual(["Lenina 5, Saint Petersburg"]);
  });

  test("a line cut short, a record without RECORD_ID and a JSON array are refused", () => {
    expect(formatErrorOf(() => parseSenzing("opensanctions_senzing/malformed/cut-short.json"))).toStartWith(
      "cut-short.json line 2: not valid JSON (the last line is cut short",
    );
    expect(formatErrorOf(() => parseSenzing("opensanctions_senzing/malformed/no-record-id.json"))).toBe("no-record-id.json line 2: record without RECORD_ID");
    expect(formatErrorOf(() => parseSenzing("opensanctions_senzing/malformed/json-array.json"))).toBe("json-array.json line 1: expected a JSON object");
  });
});
