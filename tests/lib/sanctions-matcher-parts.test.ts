import { describe, expect, test } from "bun:test";
import { DeletionIndex } from "../../lib/sanctions/matcher/deletion-index.ts";
import { arabicSkeleton, latinKey, latinSkeleton } from "../../lib/sanctions/matcher/phonetic.ts";
import { tokenSimilarity, weightedDistance } from "../../lib/sanctions/matcher/similarity.ts";

/** Plain Damerau (optimal string alignment) distance, the reference for the deletion index. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe("deletion index", () => {
  const words = ["hussein", "husein", "hassan", "husain", "saddam", "sadam", "tikriti", "takriti", "abc", "ab", "ba", "acb", "ferghana"];
  const index = new DeletionIndex(words, 3);
  const found = (s: string, neighbours = true) => {
    const ids = new Set<number>();
    index.candidates(s, (id) => ids.add(id), neighbours ? 1 : 0);
    return ids;
  };

  test("finds every indexed string within one edit (for strings of three letters or more)", () => {
    for (const query of ["husien", "hussain", "sadam", "tikrit", "takritti", "abc", "bac", "fergana", "xyz"]) {
      const ids = found(query);
      words.forEach((word, id) => {
        if (query.length >= 3 && word.length >= 3 && editDistance(query, word) <= 1) expect(ids.has(id)).toBe(true);
      });
    }
  });

  test("without neighbours, only equal strings (hash collisions aside)", () => {
    expect([...found("sadam", false)].map((id) => words[id])).toEqual(["sadam"]);
    expect(found("sadamm", false).size).toBe(0);
  });
});

describe("similarity", () => {
  test("transliteration-like differences cost less than real ones", () => {
    expect(tokenSimilarity("muhammad", "mohammed")).toBeGreaterThan(tokenSimilarity("muhammad", "mukhtar"));
    expect(tokenSimilarity("fater", "ftaer")).toBeGreaterThan(0.8);
    expect(weightedDistance("ahmad", "ahmed")).toBeLessThan(weightedDistance("ahmad", "ahmar"));
  });

  test("is symmetric, 1 for equal tokens, and 0 below the floor", () => {
    for (const [a, b] of [
      ["krechetov", "krecetov"],
      ["sergei", "sergii"],
      ["ali", "ala"],
    ]) {
      expect(tokenSimilarity(a, b)).toBeCloseTo(tokenSimilarity(b, a), 6);
    }
    expect(tokenSimilarity("ivanov", "ivanov")).toBe(1);
    expect(tokenSimilarity("ivanov", "petrov", 0.7)).toBe(0);
  });

  test("short tokens differ by one vowel at most", () => {
    expect(tokenSimilarity("ali", "ale")).toBeGreaterThan(0.8);
    expect(tokenSimilarity("ali", "abi")).toBe(0);
    expect(tokenSimilarity("ko", "ka")).toBe(0);
  });
});

describe("phonetic keys", () => {
  test("Latin and Arabic spellings of a name share a skeleton", () => {
    expect(latinSkeleton(latinKey("mohammed"))).toBe(arabicSkeleton("محمد"));
    expect(latinSkeleton(latinKey("hussein"))).toBe(arabicSkeleton("حسين"));
    expect(latinSkeleton(latinKey("walid"))).toBe(arabicSkeleton("وليد"));
    expect(latinSkeleton(latinKey("yusuf"))).toBe(arabicSkeleton("يوسف"));
  });
});
