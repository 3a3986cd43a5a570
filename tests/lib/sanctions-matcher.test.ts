import { describe, expect, test } from "bun:test";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { DEFAULT_MATCH_THRESHOLD, type MatchOptions, SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { TokenClass } from "../../lib/sanctions/matcher/lexicon.ts";
import { tokenize } from "../../lib/sanctions/matcher/normalize.ts";
import { sanctionsEntity as entity } from "../helpers/sanctions-entities.ts";

const ENTITIES: SanctionsEntity[] = [
  entity("1", "Person", "AL-TIKRITI, Saddam Hussein", ["Abu Ali"], {
    nationalities: ["Iraq"],
    birthDates: ["1937-04-28"],
    sourceUrl: "https://example.org/entries/1",
  }),
  entity("2", "Person", "PEREZ AMPUEDA, Carlos Alfredo"),
  entity("3", "Person", "DYUMIN, Alexey Gennadyevich"),
  entity("4", "Person", "KRECHETOV, Andrei Alexandrovich"),
  entity("5", "Person", "GOMEZ OCAMPO, Davinson"),
  entity("6", "Person", "FARGHADANI, Rahimreza"),
  entity("7", "Person", "AZAROV, Mykola Yanovych"),
  entity("8", "Person", "AGHA, Ahmad Zia", ["AGHA, Zia", "AHMED, Noor"], { nationalities: ["Afghanistan"], birthDates: ["1974"] }),
  entity("9", "Person", "MORALES ZAMBRANO, Cristhiam Abelardo"),
  entity("10", "Person", "ESSABAR, Zakarya"),
  entity("11", "Person", "DE LAVILLA, Mike", ["MIKE"]),
  entity("12", "Person", "KHAMENEI, Ali"),
  entity("13", "Person", "LOQMAN, Abu"),
  entity("20", "Organization", "ACME TRADING LLC"),
  entity("21", "Organization", "ACME TRADING LTD"),
  entity("22", "Organization", "ACME HOLDINGS LLC"),
  entity("23", "Organization", "IMPULSE S.A.R.L."),
  entity("24", "Organization", "OYSTER INVESTMENTS LLC"),
  entity("25", "Vessel", "SADDAM"),
  entity("30", "Person", "KIM, Jong Un", [], { datasetId: "list_a" }),
  entity("31", "Person", "KIM JONG UN", [], { datasetId: "list_b" }),
  ...Array.from({ length: 12 }, (_, i) => entity(`4${i}`, "Organization", `GLOBEX SHIPPING ${i + 1}`)),
];

const index = SanctionsIndex.build(ENTITIES);
const search = (term: string, options?: MatchOptions) => index.search(term, options);
const top = (term: string, options?: MatchOptions) => search(term, options)[0];
const matchedNames = (term: string, options?: MatchOptions) =>
  search(term, options)
    .filter((r) => r.match)
    .map((r) => r.name);

describe("normalization", () => {
  const keys = (name: string, kind: "person" | "company" | "any" = "person") => tokenize(name, kind).map((t) => t.key);

  test("case, diacritics and punctuation are folded; LAST, First is read as First LAST", () => {
    expect(keys("MÜLLER-LÜDENSCHEIDT, Jürgen")).toEqual(keys("jurgen muller ludenscheidt"));
    expect(keys("Sab'awi")).toEqual(keys("SABAWI"));
    expect(keys("AL-TIKRITI, Saddam Hussein")).toEqual(keys("Saddam Hussein al Tikriti"));
  });

  test("transliteration variants meet in one key", () => {
    expect(keys("Andrei Alexey Yuriy")).toEqual(keys("Andrey Aleksei Yurii"));
    expect(keys("Тимур")).toEqual(keys("Timur"));
  });

  test("dotted abbreviations join, and legal forms are recognised in their spellings", () => {
    expect(tokenize("IMPULSE S.A.R.L.", "company").map((t) => [t.key, t.cls])).toEqual([
      ["impulse", TokenClass.Name],
      ["sarl", TokenClass.LegalForm],
    ]);
    expect(keys("Acme Limited", "company")).toEqual(keys("ACME LTD.", "company"));
    expect(keys("Acme Limted", "company")).toEqual(keys("ACME LTD", "company"));
    expect(keys("Acme Limited Liability Company", "company")).toEqual(keys("Acme LLC", "company"));
  });

  test("honorifics and particles are kept with a low class, legal forms only in company names", () => {
    const classes = (name: string, kind: "person" | "company") => tokenize(name, kind).map((t) => t.cls);
    expect(classes("Haji Ahmad al-Agha", "person")).toEqual([TokenClass.Honorific, TokenClass.Name, TokenClass.Particle, TokenClass.Name]);
    expect(classes("Ahmad Co", "person")).toEqual([TokenClass.Name, TokenClass.Name]);
    expect(classes("Ahmad Co", "company")).toEqual([TokenClass.Name, TokenClass.LegalForm]);
  });

  test("Arabic script becomes a consonant skeleton with the article split off", () => {
    expect(tokenize("صدام حسين التكريتي", "person").map((t) => [t.skeleton, t.abjad, t.cls])).toEqual([
      ["sdm", true, TokenClass.Name],
      ["hsn", true, TokenClass.Name],
      ["l", true, TokenClass.Particle],
      ["tkrt", true, TokenClass.Name],
    ]);
    expect(tokenize("Saddam Hussein al-Tikriti", "person").map((t) => t.skeleton)).toEqual(["sdm", "hsn", "l", "tkrt"]);
  });
});

describe("matching", () => {
  test("an exact name, in any order and case, scores 1", () => {
    for (const term of ["PEREZ AMPUEDA, Carlos Alfredo", "Carlos Alfredo PEREZ AMPUEDA", "ampueda perez carlos alfredo"]) {
      const result = top(term, { type: "person" });
      expect(result.name).toBe("PEREZ AMPUEDA, Carlos Alfredo");
      expect(result.score).toBe(1);
      expect(result.match).toBe(true);
    }
  });

  test("typos still match, below a perfect score", () => {
    for (const [term, expected] of [
      ["Carlos Alfredo PERES AMPUDEA", "PEREZ AMPUEDA, Carlos Alfredo"],
      ["Cristhiam Ableardo MORALES ZAMBRANO", "MORALES ZAMBRANO, Cristhiam Abelardo"],
      ["Oaster Investments Llc", "OYSTER INVESTMENTS LLC"],
      ["Ipmulse S.A.R.L.", "IMPULSE S.A.R.L."],
    ]) {
      const result = top(term);
      expect(result.name).toBe(expected);
      expect(result.match).toBe(true);
      expect(result.score).toBeLessThan(1);
    }
  });

  test("missing middle names and words written apart still match", () => {
    expect(matchedNames("Carlos PEREZ AMPUEDA", { type: "person" })).toEqual(["PEREZ AMPUEDA, Carlos Alfredo"]);
    expect(matchedNames("Davinson OCAMPO", { type: "person" })).toEqual(["GOMEZ OCAMPO, Davinson"]);
    expect(matchedNames("Rahim Reza FARGHADANI", { type: "person" })).toEqual(["FARGHADANI, Rahimreza"]);
  });

  test("an extra middle name in the query still matches; a one-word alias inside a longer name does not", () => {
    expect(top("Saddam Hussein Abd al-Majid AL-TIKRITI", { type: "person" })).toMatchObject({ name: "AL-TIKRITI, Saddam Hussein", match: true });
    expect(top("Davinson Alberto GOMEZ OCAMPO", { type: "person" })).toMatchObject({ name: "GOMEZ OCAMPO, Davinson", match: true });
    expect(matchedNames("Mike Johnson", { type: "person" })).toEqual([]);
  });

  test("an honorific in the query does not stand in the way", () => {
    expect(top("Haji Ahmad Zia AGHA", { type: "person" })).toMatchObject({ name: "AGHA, Ahmad Zia", match: true });
  });

  test("legal forms weigh little: another form still matches, another trade name does not", () => {
    // threshold 0: every scored name comes back, so the order of all three shows.
    const scores = search("ACME TRADING LLC", { type: "company", threshold: 0 }).map((r) => [r.name, r.score] as const);
    expect(scores.map(([name]) => name).slice(0, 3)).toEqual(["ACME TRADING LLC", "ACME TRADING LTD", "ACME HOLDINGS LLC"]);
    expect(scores[0][1]).toBe(1);
    expect(matchedNames("ACME TRADING LLC", { type: "company" })).toEqual(["ACME TRADING LLC", "ACME TRADING LTD"]);
    expect(top("Acme Trading Limited", { type: "company" })).toMatchObject({ name: "ACME TRADING LTD", score: 1 });
  });

  test("Cyrillic queries find the Latin entries, whatever the transliteration", () => {
    expect(top("Алексей Геннадьевич Дюмин", { type: "person" })).toMatchObject({ name: "DYUMIN, Alexey Gennadyevich", match: true });
    expect(top("Андрей Кречетов", { type: "person" })).toMatchObject({ name: "KRECHETOV, Andrei Alexandrovich", match: true });
    expect(top("Микола Янович Азаров", { type: "person" })).toMatchObject({ name: "AZAROV, Mykola Yanovych", match: true });
    expect(top("Aleksei DYUMIN", { type: "person" })).toMatchObject({ name: "DYUMIN, Alexey Gennadyevich", match: true });
  });

  test("Arabic queries find the Latin entries on their consonants, article and all", () => {
    expect(top("صدام حسين التكريتي", { type: "person" })).toMatchObject({ name: "AL-TIKRITI, Saddam Hussein", match: true });
    expect(top("زكريا الصبار", { type: "person" })).toMatchObject({ name: "ESSABAR, Zakarya", match: true });
    // علي is one consonant (l): glued to خامنئي it would read Loqman. Threshold 0 shows every name scored.
    const names = search("علي خامنئي", { type: "person", threshold: 0 }).map((r) => r.name);
    expect(names[0]).toBe("KHAMENEI, Ali");
    expect(names).not.toContain("LOQMAN, Abu");
  });

  test("Korean in Hangul finds the names as the lists romanize them", () => {
    expect(matchedNames("김정은", { datasets: ["list_a"] })).toEqual(["KIM, Jong Un"]);
  });

  test("a clean name gets no match", () => {
    for (const term of ["Jamie Raskin", "Chrissy Houlahan", "Pinnacle Software GmbH"]) expect(matchedNames(term)).toEqual([]);
  });
});

describe("options and results", () => {
  test("a person query never returns a vessel or a company, and a company query never a person", () => {
    expect(search("Saddam", { type: "person" }).map((r) => r.schema)).not.toContain("Vessel");
    expect(search("Saddam", { type: "company" }).map((r) => [r.name, r.schema])).toEqual([["SADDAM", "Vessel"]]);
    expect(
      search("Saddam")
        .map((r) => r.schema)
        .sort(),
    ).toEqual(["Person", "Vessel"]);
  });

  test("the dataset filter keeps to the datasets asked for", () => {
    expect(search("Kim Jong Un", { datasets: ["list_a"] }).map((r) => r.id)).toEqual(["list_a:30"]);
    expect(search("Kim Jong Un", { datasets: ["list_b"] }).map((r) => r.id)).toEqual(["list_b:31"]);
    expect(
      search("Kim Jong Un", { datasets: ["list_a", "list_b"] })
        .map((r) => r.id)
        .sort(),
    ).toEqual(["list_a:30", "list_b:31"]);
    expect(search("Kim Jong Un", { datasets: ["no_such_list"] })).toEqual([]);
  });

  test("the match flag follows the threshold, from the options or from the index", () => {
    const typo = "Carlos Alfredo PERES AMPUDEA";
    const result = top(typo);
    expect(result.match).toBe(result.score >= DEFAULT_MATCH_THRESHOLD);
    expect(top(typo, { threshold: result.score })).toMatchObject({ match: true });
    expect(top(typo, { threshold: result.score + 0.001 })).toMatchObject({ match: false, name: "PEREZ AMPUEDA, Carlos Alfredo" });
    const strict = SanctionsIndex.build(ENTITIES, { threshold: 0.999 });
    expect(strict.search(typo)[0]).toMatchObject({ name: "PEREZ AMPUEDA, Carlos Alfredo", match: false });
  });

  test("a result carries the entity's fields and the name that matched", () => {
    const result = top("Noor AHMED", { type: "person" });
    expect(result).toEqual({
      id: "test_list:8",
      name: "AGHA, Ahmad Zia",
      schema: "Person",
      score: 1,
      match: true,
      matchedName: "AHMED, Noor",
      aliases: ["AGHA, Zia", "AHMED, Noor"],
      nationality: ["Afghanistan"],
      birthDate: ["1974"],
      datasets: ["test_list"],
      sourceUrl: null,
      explanation: {
        parts: [
          { query: "Noor", listed: "Noor", how: "exact", similarity: 1 },
          { query: "AHMED", listed: "AHMED", how: "exact", similarity: 1 },
        ],
      },
    });
    expect(top("Saddam Hussein AL-TIKRITI")).toMatchObject({ matchedName: "AL-TIKRITI, Saddam Hussein", sourceUrl: "https://example.org/entries/1" });
  });

  test("results come best first, ten by default, as many as the limit asks", () => {
    const results = search("Globex Shipping");
    expect(results).toHaveLength(10);
    expect(results.map((r) => r.score)).toEqual([...results.map((r) => r.score)].sort((a, b) => b - a));
    expect(search("Globex Shipping", { limit: 3 })).toHaveLength(3);
    expect(search("Globex Shipping 7", { limit: 1 })[0]).toMatchObject({ name: "GLOBEX SHIPPING 7", score: 1 });
  });

  test("size counts entities; an empty query finds nothing", () => {
    expect(index.size).toBe(ENTITIES.length);
    expect(search("")).toEqual([]);
    expect(search(" ,.- ")).toEqual([]);
  });
});
