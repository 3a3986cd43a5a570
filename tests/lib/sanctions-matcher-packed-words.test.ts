import { describe, expect, test } from "bun:test";
import { storedWordSimilarity, tokenSimilarity } from "../../lib/sanctions/matcher/similarity.ts";
import { tokenFacts } from "../../lib/sanctions/matcher/token-facts.ts";

/** A small deterministic generator, so a failure names the same pair on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Invented words and, for each, a few spellings of it: a letter changed, dropped, doubled or two swapped. */
function inventedPairs(count: number): [string, string][] {
  const next = random(20261203);
  const word = () => Array.from({ length: 3 + Math.floor(next() * 9) }, () => LETTERS[Math.floor(next() * 26)]).join("");
  const pairs: [string, string][] = [];
  for (let k = 0; k < count; k++) {
    const a = word();
    const at = Math.floor(next() * a.length);
    const spellings = [
      a.slice(0, at) + LETTERS[Math.floor(next() * 26)] + a.slice(at + 1),
      a.slice(0, at) + a.slice(at + 1),
      a.slice(0, at) + a[at] + a.slice(at),
      a.slice(0, at) + (a[at + 1] ?? "") + a[at] + a.slice(at + 2),
      word(),
    ];
    for (const b of spellings) pairs.push([a, b]);
  }
  return pairs;
}

/** Words the rules on close pairs turn down: gendered endings, surname and patronymic, derivations, loose likeness, case endings. */
const RULE_PAIRS: [string, string][] = [
  ["antonia", "antonio"],
  ["vladimirova", "vladimirovna"],
  ["construction", "constructors"],
  ["printing", "printers"],
  ["hamid", "ahmad"],
  ["ssad", "asad"],
  ["lavrovs", "lavrov"],
  ["lavrov", "lavrovs"],
  ["sergej", "sergejs"],
  ["andrejs", "andrejas"],
  ["mohammed", "mohamed"],
  ["ali", "ale"],
  ["al", "el"],
];

describe("a Latin word compared from packed bytes", () => {
  test("scores as the word itself does, for every floor a lookup uses", () => {
    const pairs = [...RULE_PAIRS, ...inventedPairs(400)];
    const words = pairs.map(([, b]) => b);
    const facts = tokenFacts({
      keys: words,
      skeletons: words.map(() => ""),
      raws: words,
      abjad: new Uint8Array(words.length),
      natives: words.map(() => undefined),
      readings: words.map(() => undefined),
    });
    const { codes, offsets } = facts.keyCodes;
    let close = 0;
    for (const floor of [0, 0.7, 0.85]) {
      pairs.forEach(([a, b], id) => {
        const packed = storedWordSimilarity(a, codes, offsets[id], offsets[id + 1] - offsets[id], words, id, floor);
        expect({ a, b, floor, sim: packed }).toEqual({ a, b, floor, sim: tokenSimilarity(a, b, floor) });
        if (packed > 0) close++;
      });
    }
    // Both kinds of answer are met: close pairs and pairs turned down.
    expect(close).toBeGreaterThan(500);
    expect(close).toBeLessThan(3 * pairs.length);
  });

  test("a word outside ASCII is left out of the packed bytes, to be compared as a string", () => {
    const words = ["muller", "müller", "a"];
    const facts = tokenFacts({
      keys: words,
      skeletons: ["mlr", "mlr", ""],
      raws: words,
      abjad: new Uint8Array(3),
      natives: [undefined, undefined, undefined],
      readings: [undefined, undefined, undefined],
    });
    expect(Array.from(facts.latinKinds)).toEqual([7, 3, 7]);
    expect(Array.from(facts.keyCodes.offsets)).toEqual([0, 6, 6, 7]);
    expect(Array.from(facts.initialLetters)).toEqual([0, 0, 1]);
  });
});
