import { describe, expect, test } from "bun:test";
import { countryCode, countryKey } from "../../lib/countries.ts";
import type { EntitySchema, SanctionsEntity } from "../../lib/sanctions/entity.ts";
import {
  BIRTH_DATE_BONUS,
  BIRTH_DATE_CONFLICT_MARGIN,
  BIRTH_YEAR_BONUS,
  judgeBirthDate,
  NATIONALITY_BONUS,
  parseBirthDate,
  weighEvidence,
} from "../../lib/sanctions/matcher/evidence.ts";
import { identifierKey, normalizeIdentifier } from "../../lib/sanctions/matcher/identifier-index.ts";
import { DEFAULT_MATCH_THRESHOLD, SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { sanctionsEntity } from "../helpers/sanctions-entities.ts";

const entity = (sourceId: string, schema: EntitySchema, name: string, extra: Partial<SanctionsEntity> = {}) =>
  sanctionsEntity(sourceId, schema, name, [], extra);

const ENTITIES = [
  entity("1", "Person", "KARIMOV, Rustam Bakhtiyorovich", {
    birthDates: ["1962-05-14", "1963"],
    nationalities: ["Uzbekistan"],
    identifiers: [{ kind: "passport", value: "FA 123-4567", country: "Uzbekistan" }],
  }),
  entity("2", "Person", "KARIMOV, Rustam", { birthDates: ["1990"], nationalities: ["Russia"] }),
  entity("3", "Vessel", "OCEAN SPIRIT", { identifiers: [{ kind: "imo", value: "IMO 9187629" }] }),
  entity("4", "Organization", "BLUE FALCON TRADING LLC", {
    identifiers: [
      { kind: "crypto_wallet", value: "0x7F367cC41522cE07553e823bf3be79A889DEbe1B" },
      { kind: "crypto_wallet", value: "bc1qsvz6cmflcaqpr8v9xzqaq7tq0mtsdsdzprvgt7" },
      { kind: "lei", value: "5493001KJTIIGC8Y1R12" },
    ],
  }),
  entity("5", "Person", "HADDAD, Samir", { birthDates: ["circa 1960"], nationalities: ["Lebanon"] }),
  entity("6", "Person", "HADDAD, Samira", { birthDates: [] }),
];

const index = SanctionsIndex.build(ENTITIES);

describe("identifier normalization", () => {
  test("documents ignore case, spaces, dashes, dots and slashes", () => {
    expect(normalizeIdentifier("passport", "fa 123-4567")).toBe("FA1234567");
    expect(normalizeIdentifier("national_id", "750105-3735")).toBe("7501053735");
    expect(normalizeIdentifier("tax_id", "A.B/12 345")).toBe("AB12345");
  });
  test("passports, national ids and tax ids are one family; IMO numbers lose their prefix", () => {
    expect(identifierKey("passport", "6067015")).toBe(identifierKey("national_id", "6067015"));
    expect(identifierKey("imo", "IMO 9187629")).toBe(identifierKey("imo", "9187629"));
    expect(identifierKey("imo", "9187629")).not.toBe(identifierKey("passport", "9187629"));
  });
  test("wallet addresses are exact except the case of a 0x-hex address", () => {
    expect(normalizeIdentifier("crypto_wallet", "0x7F367CC41522CE07553E823BF3BE79A889DEBE1B")).toBe("0x7f367cc41522ce07553e823bf3be79a889debe1b");
    expect(normalizeIdentifier("crypto_wallet", "1AbCdEfGhJkLmNoPqRsTuVwXyZ")).toBe("1AbCdEfGhJkLmNoPqRsTuVwXyZ");
    expect(identifierKey("crypto_wallet", "1ABCDEFGHJKLMNOPQRSTUVWXYZ")).not.toBe(identifierKey("crypto_wallet", "1AbCdEfGhJkLmNoPqRsTuVwXyZ"));
  });
  test("values too short or malformed to decide anything have no key", () => {
    expect(identifierKey("passport", "1234")).toBeNull();
    expect(identifierKey("passport", "ABCDEFG")).toBeNull();
    expect(identifierKey("imo", "12345")).toBeNull();
    expect(identifierKey("lei", "NOT-A-LEI")).toBeNull();
  });
});

describe("birth dates as published", () => {
  test("the published forms read as spans of years", () => {
    expect(parseBirthDate("1956")).toEqual({ from: 1956, to: 1956 });
    expect(parseBirthDate("1956-03-04")).toEqual({ from: 1956, to: 1956, month: "1956-03", day: "1956-03-04" });
    expect(parseBirthDate("04 Mar 1956")).toEqual({ from: 1956, to: 1956, month: "1956-03", day: "1956-03-04" });
    expect(parseBirthDate("Mar 1956")).toEqual({ from: 1956, to: 1956, month: "1956-03" });
    expect(parseBirthDate("circa 1960")).toEqual({ from: 1958, to: 1962 });
    expect(parseBirthDate("1960 to 1962")).toEqual({ from: 1960, to: 1962 });
    expect(parseBirthDate("between 1960 and 1962")).toEqual({ from: 1960, to: 1962 });
    expect(parseBirthDate("1960-00-00")).toEqual({ from: 1960, to: 1960 });
    expect(parseBirthDate("unknown")).toBeNull();
  });
  test("agrees when one listed date holds the searched one; differs only when every one is two years or more away", () => {
    expect(judgeBirthDate("1962-05-14", ["1962-05-14"])).toEqual({ verdict: "agrees", sameDay: true });
    expect(judgeBirthDate("1962", ["1962-05-14"])).toEqual({ verdict: "agrees", sameDay: false });
    expect(judgeBirthDate("1961", ["circa 1960"])).toEqual({ verdict: "agrees", sameDay: false });
    expect(judgeBirthDate("1961", ["1960 to 1962"])).toEqual({ verdict: "agrees", sameDay: false });
    expect(judgeBirthDate("1980", ["1962-05-14", "1963"])).toEqual({ verdict: "differs", sameDay: false });
    // One listed date close enough keeps it open; a year apart or another day of the same year is not clear.
    expect(judgeBirthDate("1964", ["1962-05-14", "1963"])).toBeNull();
    expect(judgeBirthDate("1962-07-01", ["1962-05-14"])).toBeNull();
    expect(judgeBirthDate("1980", ["1962", "not known"])).toBeNull();
    expect(judgeBirthDate("1980", [])).toBeNull();
  });
});

describe("countries as the lists write them", () => {
  test("codes, names, official names and demonyms are one country", () => {
    expect(countryCode("ru")).toBe("RU");
    expect(countryCode("Russian Federation")).toBe("RU");
    expect(countryCode("Iran (Islamic Republic of)")).toBe("IR");
    expect(countryCode("Iranian")).toBe("IR");
    expect(countryCode("Korea, Democratic People's Republic of")).toBe("KP");
    expect(countryCode("Côte d'Ivoire")).toBe("CI");
    expect(countryKey("RU")).toBe(countryKey("Russia"));
    expect(countryCode("Atlantis")).toBeNull();
  });
});

describe("weighing the details", () => {
  const threshold = DEFAULT_MATCH_THRESHOLD;
  const listed = { birthDates: ["1962-05-14"], nationalities: ["Uzbekistan"] };
  test("an agreeing birth date adds its bonus, the same day more than the year; a nationality adds less", () => {
    expect(weighEvidence({ birthDate: "1962-05-14" }, listed, 0.85, threshold).score).toBeCloseTo(0.85 + BIRTH_DATE_BONUS, 3);
    expect(weighEvidence({ birthDate: "1962" }, listed, 0.85, threshold).score).toBeCloseTo(0.85 + BIRTH_YEAR_BONUS, 3);
    expect(weighEvidence({ nationality: "UZ" }, listed, 0.85, threshold).score).toBeCloseTo(0.85 + NATIONALITY_BONUS, 3);
    expect(weighEvidence({ birthDate: "1962-05-14", nationality: "UZ" }, listed, 0.99, threshold).score).toBe(1);
  });
  test("a birth date lifts a close near miss over the threshold; a nationality alone never does", () => {
    const lifted = weighEvidence({ birthDate: "1962" }, listed, 0.78, threshold);
    expect(lifted).toMatchObject({ score: 0.81, match: true, evidence: { birthDate: "agrees", nameScore: 0.78 } });
    const held = weighEvidence({ nationality: "UZ" }, listed, 0.79, threshold);
    expect(held.match).toBe(false);
    expect(held.score).toBeLessThan(threshold);
    expect(held.evidence.nationality).toBe("agrees");
  });
  test("a birth date that clearly differs keeps a name match a near miss", () => {
    const weighed = weighEvidence({ birthDate: "1990" }, listed, 1, threshold);
    expect(weighed).toEqual({
      score: threshold - BIRTH_DATE_CONFLICT_MARGIN,
      match: false,
      evidence: { nameScore: 1, birthDate: "differs", nameMatchesBirthDateDiffers: true },
    });
  });
  test("a nationality that differs changes nothing", () => {
    expect(weighEvidence({ nationality: "FR" }, listed, 0.9, threshold)).toMatchObject({ score: 0.9, match: true, evidence: { nationality: "differs" } });
  });
});

describe("query by example in the index", () => {
  test("a listed passport number finds its listing under another spelling of the name, first and as a match", () => {
    const results = index.search("Rustem Karimow", { type: "person", details: { identifiers: [{ kind: "passport", value: "fa1234567" }] } });
    expect(results[0]).toMatchObject({ id: "test_list:1", score: 1, match: true, evidence: { identifier: { kind: "passport", value: "FA 123-4567" } } });
    expect(results[0].evidence!.nameScore).toBeLessThan(1);
  });
  test("an identifier finds a listing whose name does not match at all", () => {
    const vessel = index.search("Some Other Ship", { type: "company", details: { identifiers: [{ kind: "imo", value: "9187629" }] } });
    expect(vessel.map((r) => r.id)).toEqual(["test_list:3"]);
    expect(vessel[0].match).toBe(true);
    const wallet = index.search("Unknown Holder", {
      type: "company",
      details: { identifiers: [{ kind: "crypto_wallet", value: "0x7f367cc41522ce07553e823bf3be79a889debe1b" }] },
    });
    expect(wallet.map((r) => r.id)).toEqual(["test_list:4"]);
    expect(
      index.search("Unknown Holder", {
        type: "company",
        details: { identifiers: [{ kind: "crypto_wallet", value: "BC1QSVZ6CMFLCAQPR8V9XZQAQ7TQ0MTSDSDZPRVGT7" }] },
      }),
    ).toEqual([]);
  });
  test("an identifier-only listing of another type or dataset stays out", () => {
    expect(index.search("Some Other Ship", { type: "person", details: { identifiers: [{ kind: "imo", value: "9187629" }] } })).toEqual([]);
    expect(index.search("Some Other Ship", { datasets: ["other_list"], details: { identifiers: [{ kind: "imo", value: "9187629" }] } })).toEqual([]);
  });
  test("the birth date decides between two people of one name", () => {
    const results = index.search("Rustam Karimov", { type: "person", details: { birthDate: "1990-02-01" } });
    const older = results.find((r) => r.id === "test_list:1")!;
    const younger = results.find((r) => r.id === "test_list:2")!;
    expect(results[0].id).toBe("test_list:2");
    expect(younger).toMatchObject({ match: true, evidence: { birthDate: "agrees" } });
    expect(older).toMatchObject({ match: false, evidence: { birthDate: "differs" } });
    expect(older.score).toBeLessThan(DEFAULT_MATCH_THRESHOLD);
  });
  test("a conflicting birth date on an exact name gives the labelled near miss", () => {
    const results = index.search("Samir Haddad", { type: "person", details: { birthDate: "1985" } });
    // HADDAD, Samira has no birth date to contradict: it now ranks above the listing whose date differs.
    expect(results.map((r) => r.id)).toEqual(["test_list:6", "test_list:5"]);
    const result = results[1];
    expect(result).toMatchObject({ id: "test_list:5", match: false, evidence: { birthDate: "differs", nameMatchesBirthDateDiffers: true, nameScore: 1 } });
  });
  test("without details the results carry no evidence", () => {
    const [result] = index.search("Samir Haddad", { type: "person" });
    expect(result.evidence).toBeUndefined();
    expect(result.match).toBe(true);
  });
});
