import { describe, expect, test } from "bun:test";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { ofacIdentifier } from "../../lib/sanctions/parsers/ofac-remarks.ts";
import { fixtureFile, fixtureFolder } from "../fixtures/sanctions/fixtures.ts";

const by = (entities: SanctionsEntity[], sourceId: string) => entities.find((e) => e.sourceId === sourceId)!;

describe("identifiers from every format (query by example)", () => {
  test("OFAC remarks: passport with its country, national id, tax id, wallet address, IMO number; none where none is published", () => {
    const entities = parseDatasetFiles("ofac_csv", "us_ofac_sdn", fixtureFolder("ofac_csv/sdn"));
    expect(by(entities, "1001").identifiers).toEqual([
      { kind: "passport", value: "P12345678", country: "Iran" },
      { kind: "national_id", value: "1234-567-890", country: "Iran" },
      { kind: "tax_id", value: "9876543210", country: "Germany" },
      { kind: "crypto_wallet", value: "1KUf2Rd8mDyAViwBozGTNYnvWL8uYFrkVo" },
    ]);
    // The birth dates and nationalities in the same remarks are still read.
    expect(by(entities, "1001").birthDates).toEqual(["1965-03-12", "circa 1960", "1960 to 1962"]);
    expect(by(entities, "1002").identifiers).toEqual([{ kind: "imo", value: "9172052" }]);
    expect(by(entities, "1005").identifiers).toEqual([{ kind: "passport", value: "X1234567", country: "Ireland" }]);
    expect(by(entities, "1003").identifiers).toBeUndefined();
  });

  test("OFAC remark statements as OFAC writes them", () => {
    expect(ofacIdentifier("Cedula No. 16247821 (Colombia)")).toEqual({ kind: "national_id", value: "16247821", country: "Colombia" });
    expect(ofacIdentifier("NIT # 800123456-7 (Colombia)")).toEqual({ kind: "tax_id", value: "800123456-7", country: "Colombia" });
    expect(ofacIdentifier("Passport F 879567 (Morocco) issued 29 Apr 1992")).toEqual({ kind: "passport", value: "F 879567", country: "Morocco" });
    expect(ofacIdentifier("Identification Number IMO 1234567")).toEqual({ kind: "imo", value: "1234567" });
    expect(ofacIdentifier("Digital Currency Address - ETH 0x7F367cC41522cE07553e823bf3be79A889DEbe1B")).toEqual({
      kind: "crypto_wallet",
      value: "0x7F367cC41522cE07553e823bf3be79A889DEbe1B",
    });
    expect(ofacIdentifier("Legal Entity Number 5493001KJTIIGC8Y1R12")).toEqual({ kind: "lei", value: "5493001KJTIIGC8Y1R12" });
    // A Dutch "Legal Entity Number" (a registration number) is no LEI; other facts are no identifiers.
    expect(ofacIdentifier("Legal Entity Number 851683897 (Netherlands)")).toBeNull();
    expect(ofacIdentifier("POB Tehran, Iran")).toBeNull();
    expect(ofacIdentifier("Gender Male")).toBeNull();
  });

  test("UN XML: INDIVIDUAL_DOCUMENT passports and national ids (a number in the note when NUMBER is missing), IMO numbers in an entity's comments", () => {
    const entities = parseDatasetFiles("un_xml", "un_sc_sanctions", [fixtureFile("un_xml/consolidated.xml")]);
    expect(by(entities, "6908555").identifiers).toEqual([
      { kind: "passport", value: "645120196", country: "Democratic People's Republic of Korea" },
      { kind: "national_id", value: "00123456" },
    ]);
    expect(by(entities, "110251").identifiers).toEqual([{ kind: "imo", value: "8898712" }]);
    expect(by(entities, "0690123").identifiers).toBeUndefined();
  });

  test("EU XML: identification by type (passport, national id card, fiscal code, IMO), other documents left out", () => {
    const entities = parseDatasetFiles("eu_xml", "eu_fsf", [fixtureFile("eu_xml/eu_fsf.xml")]);
    expect(by(entities, "142503").identifiers).toEqual([
      { kind: "passport", value: "720000001", country: "RUSSIAN FEDERATION" },
      { kind: "national_id", value: "4510 123456", country: "RUSSIAN FEDERATION" },
    ]);
    expect(by(entities, "207").identifiers).toEqual([
      { kind: "tax_id", value: "123456789", country: "SYRIAN ARAB REPUBLIC" },
      { kind: "imo", value: "IMO 8898712" },
    ]);
  });

  test("UK FCDO CSV: passport and national identifier numbers (numbered lists), IMO number, INN and LEI among the registration numbers", () => {
    const entities = parseDatasetFiles("uk_fcdo_csv", "gb_fcdo_sanctions", [fixtureFile("uk_fcdo_csv/UK-Sanctions-List.csv")]);
    expect(by(entities, "RUS0254").identifiers).toEqual([
      { kind: "passport", value: "720000001" },
      { kind: "passport", value: "75 1234567" },
      { kind: "national_id", value: "4510 123456" },
    ]);
    expect(by(entities, "RUS1612").identifiers).toEqual([
      { kind: "tax_id", value: "7701234567" },
      { kind: "lei", value: "253400ABCDEFGHIJKL12" },
    ]);
    expect(by(entities, "RUS2001").identifiers).toEqual([{ kind: "imo", value: "9123456" }]);
  });

  test("OpenSanctions FtM: identifier properties, and Passport and CryptoWallet entities bound to their holder", () => {
    const entities = parseDatasetFiles("opensanctions_ftm", "os_sanctions", [fixtureFile("opensanctions_ftm/entities.ftm.json")]);
    expect(by(entities, "NK-ivan-petrov").identifiers).toEqual([
      { kind: "passport", value: "720000001" },
      { kind: "tax_id", value: "771234567890" },
      { kind: "passport", value: "75 7654321", country: "ru" },
      { kind: "crypto_wallet", value: "0x7F367cC41522cE07553e823bf3be79A889DEbe1B" },
    ]);
    expect(by(entities, "NK-ocean-glory").identifiers).toEqual([{ kind: "imo", value: "IMO9123456" }]);
    expect(by(entities, "NK-romashka").identifiers).toEqual([{ kind: "lei", value: "253400ABCDEFGHIJKL12" }]);
    // Documents are no entities of their own.
    expect(entities.some((e) => e.sourceId.includes("wallet") || e.sourceId.includes("passport"))).toBe(false);
  });

  test("OpenSanctions Senzing: PASSPORT, NATIONAL_ID, TAX_ID, LEI and IMO numbers; WIKIDATA and OPEN_SANCTIONS ids are not identifiers", () => {
    const entities = parseDatasetFiles("opensanctions_senzing", "us_congress_peps", [fixtureFile("opensanctions_senzing/senzing.json")]);
    expect(by(entities, "NK-split-name").identifiers).toEqual([
      { kind: "passport", value: "XDA123456", country: "es" },
      { kind: "national_id", value: "12345678-Z", country: "es" },
    ]);
    expect(by(entities, "NK-romashka").identifiers).toEqual([
      { kind: "tax_id", value: "7701234567", country: "ru" },
      { kind: "lei", value: "253400ABCDEFGHIJKL12" },
    ]);
    expect(by(entities, "NK-ocean-glory").identifiers).toEqual([{ kind: "imo", value: "IMO9123456" }]);
    expect(by(entities, "Q101198561").identifiers).toBeUndefined();
  });
});
