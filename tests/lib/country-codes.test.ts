/**
 * The countries offered to pick: current ISO 3166-1 codes only, one name each in every interface language, no
 * pseudo-region; and the withdrawn codes the lists and older searches carry still compare with the current country.
 */
import { describe, expect, test } from "bun:test";
import { countryCode, countryKey, sameCountry } from "../../lib/countries.ts";
import { COUNTRY_CODES, countryOptions, currentCountryCode } from "../../lib/country-codes.ts";
import { formatCountry } from "../../lib/screening/display-format.ts";
import { searchDetailsSchema } from "../../lib/screening/schemas.ts";

describe("the countries offered", () => {
  for (const language of ["en", "de", "es", "fr"]) {
    test(`in ${language}: one entry per country, no duplicate name, no pseudo-region and no withdrawn code`, () => {
      const options = countryOptions(language);
      const names = options.map((o) => o.name);
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(options.map((o) => o.code)).size).toBe(options.length);
      expect(names.filter((n) => /pseudo/i.test(n))).toEqual([]);
      for (const gone of ["YU", "CS", "DD", "SU", "UK", "VD", "XA", "XB", "EU", "UN", "ZZ"]) expect(options.map((o) => o.code)).not.toContain(gone);
      for (const current of ["RS", "ME", "DE", "RU", "GB", "VN", "US"]) expect(options.map((o) => o.code)).toContain(current);
      expect(names.filter((n) => /^(Serbia|Serbien|Serbie)$/.test(n))).toHaveLength(1);
    });
  }

  test("249 ISO 3166-1 countries and Kosovo", () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(COUNTRY_CODES).toContain("XK");
  });
});

describe("withdrawn codes are still read", () => {
  test("each reads as the current country: YU and CS as Serbia, DD as Germany, SU as Russia, UK as Britain, VD as Vietnam", () => {
    expect(["YU", "cs", "DD", "SU", "UK", "VD"].map(currentCountryCode)).toEqual(["RS", "RS", "DE", "RU", "GB", "VN"]);
    expect(["YU", "CS", "DD", "SU", "UK", "VD"].map(countryCode)).toEqual(["RS", "RS", "DE", "RU", "GB", "VN"]);
    expect(currentCountryCode("XA")).toBeNull();
    expect(countryCode("Pseudo-Accents")).toBeNull();
  });

  test("a listing's old code or former state's name compares equal to the current country searched", () => {
    expect(sameCountry("YU", "RS")).toBe(true);
    expect(sameCountry("Yugoslavia", "RS")).toBe(true);
    expect(sameCountry("Serbia and Montenegro", "Serbia")).toBe(true);
    expect(sameCountry("DD", "DE")).toBe(true);
    expect(sameCountry("German Democratic Republic", "Germany")).toBe(true);
    expect(sameCountry("SU", "Russian Federation")).toBe(true);
    expect(sameCountry("UK", "GB")).toBe(true);
    expect(sameCountry("VD", "Viet Nam")).toBe(true);
    expect(sameCountry("YU", "ME")).toBe(false);
    expect(countryKey("Serbia")).toBe(countryKey("CS"));
  });

  test("a stored old code is shown as the current country's name, in the reader's language", () => {
    expect(formatCountry("YU", "en")).toBe("Serbia");
    expect(formatCountry("DD", "de")).toBe("Deutschland");
    expect(formatCountry("SU", "fr")).toBe("Russie");
  });

  test("an old code sent as a nationality is accepted and stored as the current one; a pseudo-region is refused", () => {
    expect(searchDetailsSchema.parse({ nationality: "yu" })).toEqual({ nationality: "RS" });
    expect(searchDetailsSchema.parse({ nationality: "UK" })).toEqual({ nationality: "GB" });
    expect(searchDetailsSchema.safeParse({ nationality: "XA" }).success).toBe(false);
    expect(searchDetailsSchema.safeParse({ nationality: "EU" }).success).toBe(false);
  });
});
