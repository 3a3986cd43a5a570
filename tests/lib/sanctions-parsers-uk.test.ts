import { describe, expect, test } from "bun:test";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { fixtureFile, formatErrorOf } from "../fixtures/sanctions/fixtures.ts";

const parseUk = (path = "uk_fcdo_csv/UK-Sanctions-List.csv") => parseDatasetFiles("uk_fcdo_csv", "gb_fcdo_sanctions", [fixtureFile(path)]);

describe("UK Sanctions List CSV (FCDO)", () => {
  test("the name rows of one Unique ID make one designation", () => {
    const entities = parseUk();
    expect(entities.map((entity) => [entity.id, entity.schema, entity.name])).toEqual([
      ["gb_fcdo_sanctions:RUS0254", "Person", "Sergei Ivanovich PETROV"],
      ["gb_fcdo_sanctions:RUS1612", "Organization", "OOO ROMASHKA"],
      ["gb_fcdo_sanctions:RUS2001", "Vessel", "OCEAN GLORY"],
    ]);
  });

  test("a person: name variations, strong and weak aliases, non-Latin name, dates, nationalities, regime", () => {
    const [person] = parseUk();
    expect(person.aliases).toEqual([
      { name: "Сергей Иванович ПЕТРОВ", kind: "original_script" },
      { name: "Sergey Ivanovich PETROV", kind: "aka" },
      { name: "Serge PETROFF", kind: "aka" },
      { name: "SERYOGA", kind: "weak" },
    ]);
    expect(person.birthDates).toEqual(["1965-03-12", "1966"]);
    expect(person.nationalities).toEqual(["Russia", "Cyprus"]);
    expect(person.programs).toEqual(["Russia"]);
    expect(person.addresses).toEqual(["Tverskaya Street 1, Moscow, Russia"]);
    expect(person.listedOn).toBe("2022-03-16");
    expect(person.remarks).toBe("Associated with Example Bank, a designated entity.");
  });

  test("an entity's alias row brings its own non-Latin name; a ship carries its flag", () => {
    const [, company, ship] = parseUk();
    expect(company.aliases).toEqual([
      { name: "ROMASHKA LLC", kind: "aka" },
      { name: "ООО РОМАШКА", kind: "original_script" },
    ]);
    expect(company.addresses).toEqual(["Lenina 5, Saint Petersburg, 190000, Russia"]);
    expect(ship.nationalities).toEqual(["Panama"]);
    expect(ship.listedOn).toBe("2025-05-09");
  });

  test("the former OFSI ConList layout is read too (Group ID, Alias Type, Regime, Listed On)", () => {
    const entities = parseUk("uk_fcdo_csv/ofsi-conlist.csv");
    expect(entities.map((entity) => [entity.sourceId, entity.schema, entity.name])).toEqual([
      ["12703", "Organization", "HAJI KHAIRULLAH HAJI SATTAR MONEY EXCHANGE"],
      ["11000", "Person", "Rahman ABDUL"],
    ]);
    expect(entities[0].aliases).toEqual([{ name: "HAJI KHAIRULLAH MONEY EXCHANGE", kind: "aka" }]);
    expect(entities[0].addresses).toEqual(["Branch Office 1, Kandahar City, Afghanistan"]);
    expect(entities[1].birthDates).toEqual(["1972"]);
    expect(entities[1].listedOn).toBe("2010-02-01");
  });
});

describe("UK Sanctions List CSV, malformed", () => {
  test("a row with missing cells names the line", () => {
    expect(formatErrorOf(() => parseUk("uk_fcdo_csv/malformed/wrong-columns.csv"))).toBe("wrong-columns.csv line 5: expected 58 columns, found 55");
  });

  test("a heading row without Name 6 is refused", () => {
    expect(formatErrorOf(() => parseUk("uk_fcdo_csv/malformed/missing-name-column.csv"))).toBe('missing-name-column.csv line 2: missing column "Name 6"');
  });

  test("a CSV of another list is refused for its headings", () => {
    expect(formatErrorOf(() => parseUk("uk_fcdo_csv/malformed/no-heading-row.csv"))).toBe(
      'no-heading-row.csv: no heading row with a "Unique ID" column in the first lines',
    );
  });
});
