/**
 * One test per rule for ranking names tied in score by how well the search fits each, and for finding a long word
 * one edit off however folding spells it. The names are made up for these tests.
 */
import { describe, expect, test } from "bun:test";
import { SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { sanctionsEntity } from "../helpers/sanctions-entities.ts";

const person = (id: string, name: string) => sanctionsEntity(id, "Person", name, [], { datasetId: "ranking" });
const company = (id: string, name: string) => sanctionsEntity(id, "Organization", name, [], { datasetId: "ranking" });

// Common given and family names, as in the real lists: each word is in many names, so it weighs little.
const crowd = ["Omar", "Mahmoud", "Mohammed", "Hassan", "Ali"].flatMap((word, i) =>
  ["Tarek", "Bilal", "Idris", "Karim", "Nabil", "Samir", "Walid", "Yunes"].map((other, k) => person(`crowd-${i}-${k}`, `${other.toUpperCase()}, ${word}`)),
);
// Haddad is a fairly common family name: a little rarer than the given names.
const haddads = ["Tarek", "Bilal", "Idris", "Karim", "Nabil"].map((given, k) => person(`haddad-${k}`, `HADDAD, ${given}`));
// Companies with the common words Co and Ltda, as many in the lists are.
const companies = ["Andes", "Cauca", "Pampa", "Quindio", "Boyaca", "Nariño"].map((word, k) => company(`co-${k}`, `${word} Co Ltda`));

const index = SanctionsIndex.build([
  ...crowd,
  ...haddads,
  ...companies,
  person("haddad", "HADDAD, Omar Mahmoud"),
  person("saidi", "SAIDI, Omar Mahmoud Abdelrahim Khalil"),
  person("nasser", "NASSER, Omar Ahmed Mahmoud Salem"),
  person("omar-mohammed", "OMAR, Mohammed"),
  person("gruber", "GRUBER, Alexander Konstantinovich"),
  person("gruber-2", "GRUBER, Aleksei Vasilyevich"),
  company("southward", "Southward Energy Group"),
  company("northward", "Northward Energy Group"),
  company("cobienes", "Cobienes Ltda"),
]);
const search = (q: string, type: "person" | "company") => index.search(q, { type });

describe("names tied in score", () => {
  test("the listing whose name the search fits best comes first among names within a few hundredths", () => {
    const results = search("Omar Mahmoud", "person");
    expect(results[0]).toMatchObject({ id: "ranking:haddad", match: true });
    // OMAR, Mohammed has every word of its name met, but Mahmoud only through another name: a worse fit.
    const ids = results.map((r) => r.id);
    expect(ids.indexOf("ranking:haddad")).toBeLessThan(ids.indexOf("ranking:omar-mohammed"));
    expect(ids.indexOf("ranking:haddad")).toBeLessThan(ids.indexOf("ranking:saidi"));
  });

  test("the tie rule never ranks a near miss above a Match, nor a name scored clearly lower above a higher one", () => {
    const results = search("Omar Mahmoud Haddad", "person");
    expect(results[0]).toMatchObject({ id: "ranking:haddad", score: 1, match: true });
    let seenNearMiss = false;
    for (const r of results) {
      if (!r.match) seenNearMiss = true;
      else expect(seenNearMiss).toBe(false);
    }
    for (let i = 1; i < results.length; i++) expect(results[i].score).toBeLessThanOrEqual(results[i - 1].score + 0.03);
  });
});

describe("one edit in a long word", () => {
  test("a letter left out or changed in a long word is found, though folding spells the two words further apart", () => {
    // Alexander folds x to ks (aleksander), Alxander keeps it: three edits on the folded keys, one as written.
    expect(search("Alxander Konstantinovich Gruber", "person")[0]).toMatchObject({ id: "ranking:gruber", match: true });
    expect(search("Alexander Konstantnovich Gruber", "person")[0]).toMatchObject({ id: "ranking:gruber", match: true });
    expect(search("Soxthward Energy Group", "company")[0]).toMatchObject({ id: "ranking:southward", match: true });
  });

  test("a long word two letters off is not taken for a typo of another listed word", () => {
    const results = search("Soxthward Energy Group", "company");
    expect(results.find((r) => r.id === "ranking:northward")?.match ?? false).toBe(false);
    expect(search("Alxander Vasilyevich Gruber", "person").find((r) => r.id === "gruber-2")?.match ?? false).toBe(false);
  });

  test("a misspelt word cut into a short common word and the rest finds the listing, not every name with that word", () => {
    // Coyienes is cut as Co + yienes: Co is in many names, and stands for only a quarter of the word.
    const results = search("Coyienes Ltda", "company");
    expect(results[0]).toMatchObject({ id: "ranking:cobienes", match: true });
    expect(results.filter((r) => r.match).map((r) => r.id)).toEqual(["ranking:cobienes"]);
  });
});
