/**
 * One test per rule for names written otherwise: foreign names in Chinese characters, Russian company names in
 * English, given names and their short or foreign forms, and what tells apart companies or people of otherwise alike
 * names. The names are made up for these tests.
 */
import { describe, expect, test } from "bun:test";
import { compareNames, SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { sanctionsEntity } from "../helpers/sanctions-entities.ts";

// Yusuf and Omar are in many names, as common given names are in the real lists, so they weigh little.
const common = ["Yusuf", "Omar"].flatMap((word, i) =>
  ["Tariq", "Bilal", "Rami", "Idris", "Karim", "Nabil"].map((given, k) =>
    sanctionsEntity(`c${i}-${k}`, "Person", `${given} ${word}`, [], { datasetId: "variants" }),
  ),
);
const index = SanctionsIndex.build([
  sanctionsEntity("1", "Person", "Tomas Filler", [], { datasetId: "variants" }),
  sanctionsEntity("2", "Organization", "Filler Trading LLC", [], { datasetId: "variants" }),
  ...common,
]);
const compare = (a: string, b: string, type?: "person" | "company") => compareNames(a, b, { type, weights: index });

describe("names written otherwise", () => {
  test("a foreign name in Chinese characters is read on its consonants (l for r, f for v)", () => {
    // 卡拉·萨博夫: ka la · sa bo fu, a made-up Kara Sabov.
    expect(compare("卡拉·萨博夫", "Kara Sabov", "person").decision).toBe("match");
    expect(compare("卡拉·萨博夫", "Boris Tekel", "person").decision).toBe("no_match");
    // Without the dot Chinese characters stay syllables compared on their pinyin, not a foreign name's consonants.
    expect(compare("卡拉萨博夫", "Kara Sabov", "person").decision).not.toBe("match");
  });

  test("a Russian company name written out in Cyrillic meets its English translation", () => {
    const russian = "Акционерное общество “Зеленодольский машиностроительный завод”";
    expect(compare("JSC Zelenodol Machine-Building Plant", russian, "company").decision).toBe("match");
    expect(compare("Zelenodolsky Mashinostroitelny Zavod", russian, "company").decision).toBe("match");
    expect(compare("JSC Krasnoyar Chemical Plant", russian, "company").decision).toBe("no_match");
    expect(compare("AO Zelenodol Machine Building Plant", "JSC Zelenodol Machine Building Plant", "company").decision).toBe("match");
  });

  test("a given name meets its short forms, not its forms in other languages (Ted / Theodore, not Friedrich)", () => {
    expect(compare("Ted Varnholt", "Theodore Varnholt", "person").decision).toBe("match");
    expect(compare("Bill Quandrey", "William Quandrey", "person").decision).toBe("match");
    expect(compare("Friedrich Varnholt", "Frederick Varnholt", "person").decision).not.toBe("match");
    // The family name must still be there.
    expect(compare("Ted Varnholt", "Theodore Quandrey", "person").decision).toBe("no_match");
    // A short form is no typo: alone against a one-name listing it stays partial.
    expect(compare("Ted", "Theodore", "person").decision).not.toBe("match");
  });

  test("the explanation names a short form as such, not as a spelling of the name", () => {
    const parts = compare("Ted Varnholt", "Theodore Varnholt", "person").explanation.parts;
    expect(parts).toContainEqual(expect.objectContaining({ query: "Ted", listed: "Theodore", how: "nickname" }));
    expect(parts).toContainEqual(expect.objectContaining({ query: "Varnholt", listed: "Varnholt", how: "exact" }));
    // A spelling variant of a given name stays one.
    const spelt = compare("Teodor Varnholt", "Theodore Varnholt", "person").explanation.parts;
    expect(spelt[0]).toMatchObject({ query: "Teodor", listed: "Theodore" });
    expect(spelt[0].how).not.toBe("nickname");
  });

  test("a lone name one letter off a one-name listing is a typo of it (Zorvanekk / Zorvanek), a looser one is not", () => {
    expect(compare("Zorvanekk", "Zorvanek", "person").decision).toBe("match");
    expect(compare("Zorvanec", "Zorvanek", "person").decision).toBe("match");
    expect(compare("Zorvane", "Zorvanek", "person").decision).not.toBe("match");
    expect(compare("Madero", "Mauro", "person").decision).not.toBe("match");
  });

  test("company words the lists abbreviate are written out (Int'l, Mfg)", () => {
    expect(compare("Corvella Bank Int'l", "Corvella International Bank", "company").decision).toBe("match");
    expect(compare("Drannock Mfg Co", "Drannock Manufacturing Company", "company").decision).toBe("match");
  });

  test("a company of the same name in another country is at most a near miss (Veltra Bank (Chile) / (Peru))", () => {
    const other = compare("Veltra Global Capital Solutions (Chile) SA", "Veltra Global Capital Solutions (Peru) SA", "company");
    expect(other.decision).not.toBe("match");
    expect(other.score).toBeGreaterThan(0.6);
    expect(compare("Veltra Holding Bank Chile SA", "Veltra Holding Bank Peru SA", "company").decision).not.toBe("match");
    expect(compare("Veltra Holding Bank (Chile) SA", "Veltra Holding Bank (Chile) SA", "company").decision).toBe("match");
  });

  test("legal forms that exclude each other are another company (Varnel Trade AG / Varnel Trade GmbH)", () => {
    expect(compare("Varnel Trade AG", "Varnel Trade GmbH", "company").decision).toBe("near_miss");
    expect(compare("Varnel Trade SAS", "Varnel Trade SARL", "company").decision).toBe("near_miss");
    // The same family, or a form used for either, is no conflict.
    expect(compare("Varnel Trade JSC", "Varnel Trade OAO", "company").decision).toBe("match");
    expect(compare("OOO Varnel Trade", "Varnel Trade Ltd", "company").decision).toBe("match");
  });

  test("another father's name in a chain of bin/ben is another person (Kamal ben Yusuf ben Tahar / ben Omar ben Tahar)", () => {
    expect(compare("Kamal ben Yusuf ben Tahar Zennadi", "Kamal ben Omar ben Tahar Zennadi", "person").decision).not.toBe("match");
    // A generation left out is no conflict.
    expect(compare("Kamal ben Tahar Zennadi", "Kamal ben Yusuf ben Tahar Zennadi", "person").decision).toBe("match");
  });
});
