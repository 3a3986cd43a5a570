/**
 * One test per rule for what tells a spelling of a name from another name: a hard c and a k, a misspelt word with a
 * listed word left out, a company's extra words, English derivational endings and a series number XI. The names are
 * made up for these tests.
 */
import { describe, expect, test } from "bun:test";
import { compareNames, SanctionsIndex } from "../../lib/sanctions/matcher/index.ts";
import { tokenize } from "../../lib/sanctions/matcher/normalize.ts";
import { latinKey } from "../../lib/sanctions/matcher/phonetic.ts";
import { sanctionsEntity } from "../helpers/sanctions-entities.ts";

// Common words (Bank, Trading, given names) are in many names, as in the real lists, so they weigh little; Trust in
// fewer, as a word that tells a bank's trust company from the bank.
const common = ["Bank", "Trading"].flatMap((word, i) =>
  ["Alder", "Birch", "Cedar", "Larch", "Maple", "Rowan"].map((other, k) =>
    sanctionsEntity(`c${i}-${k}`, "Organization", `${other} ${word} Ltd`, [], { datasetId: "peer-kinds" }),
  ),
);
const trusts = ["Alder", "Birch", "Cedar", "Larch", "Maple", "Rowan"].map((other, k) =>
  sanctionsEntity(`t${k}`, "Organization", `${other} Trust`, [], { datasetId: "peer-kinds" }),
);
const given = ["Ilan", "Darius"].flatMap((word, i) =>
  ["Morrow", "Penhale", "Quist", "Rendell", "Soame", "Tolver"].map((family, k) =>
    sanctionsEntity(`g${i}-${k}`, "Person", `${word} ${family}`, [], { datasetId: "peer-kinds" }),
  ),
);
const index = SanctionsIndex.build([...common, ...trusts, ...given]);
const compare = (a: string, b: string, type?: "person" | "company") => compareNames(a, b, { type, weights: index });

describe("spellings and other names", () => {
  test("a hard c is a k in a word of four letters or more, a soft c and a short word are not", () => {
    expect(latinKey("velmaric")).toBe(latinKey("velmarik"));
    expect(latinKey("dorcas")).toBe(latinKey("dorkas"));
    const [found] = compare("Velmarick Nordic", "VELMARIC NORDIC Sp. z o.o.", "company").explanation.parts;
    expect(found.similarity).toBe(1);
    // Before e and i the c is an s (Lucia, Marcel), and Co, a company, is not the family name Ko.
    expect(latinKey("lucia")).not.toBe(latinKey("lukia"));
    expect(latinKey("marcel")).not.toBe(latinKey("markel"));
    expect(latinKey("co")).toBe("co");
  });

  test("a word misspelt while a listed name word is left out is another person", () => {
    const listed = "Ilan Brevik Tassaroti";
    expect(compare("Ilan Tassaboti", listed, "person").decision).not.toBe("match");
    // Either difference alone is still a match: a middle name left out, or a letter off in a name given whole.
    expect(compare("Ilan Tassaroti", listed, "person").decision).toBe("match");
    expect(compare("Ilan Brevik Tassaboti", listed, "person").decision).toBe("match");
  });

  test("a company searched with more words than the listed name has is another company", () => {
    expect(compare("Corvane Bank Trust Company", "Corvane Bank", "company").decision).not.toBe("match");
    // A legal form added is no other company.
    expect(compare("Corvane Bank Ltd", "Corvane Bank", "company").decision).toBe("match");
  });

  test("one stem with two kinds of English ending is two words (Construction / Constructors)", () => {
    const listed = "Hallowmere Railway Construction Corporation";
    expect(compare("Hallowmere Railway Constructors Corporation", listed, "company").decision).not.toBe("match");
    expect(compare("Hallowmere Railway Constructing Corporation", listed, "company").decision).not.toBe("match");
    // A misspelling or another number of the same ending is the same word.
    expect(compare("Hallowmere Railway Constructoin Corporation", listed, "company").decision).toBe("match");
    expect(compare("Hallowmere Railway Constructions Corporation", listed, "company").decision).toBe("match");
  });

  test("XI ending a company's name is a number of a series, elsewhere the Chinese family name Xi", () => {
    expect(compare("Harlow Growth Fund X L.P.", "Harlow Growth Fund XI L.P.", "company").decision).toBe("match");
    expect(tokenize("Harlow Growth Fund XI L.P.", "company").map((t) => t.raw)).toContain("11");
    expect(tokenize("Chen Xi", "person").map((t) => t.raw)).toContain("xi");
    expect(tokenize("Harlow Xi Yuan Trading Ltd", "company").map((t) => t.raw)).toContain("xi");
  });
});
