/**
 * Searches in a crowd: thousands of listed names that share their common words with the query, as on a large list.
 * The search finds names word by word, leaves common words out of the finding when they cannot lift a name among the
 * names it scores, drops the names that can no longer be chosen, and picks the lightest among names tied at the cut:
 * the listing that carries every searched word must come through all of that. The names are made up for these tests.
 */
import { describe, expect, test } from "bun:test";
import type { SanctionsEntity } from "../../lib/sanctions/entity.ts";
import { SanctionsIndex, SanctionsIndexBuilder } from "../../lib/sanctions/matcher/index.ts";
import { sanctionsEntity } from "../helpers/sanctions-entities.ts";

const GIVEN = ["Muhammad", "Ahmad", "Abdallah", "Ibrahim", "Hassan"];
/** Made-up family names, all different: "Qarvel 0", "Qarvel 1" … would share a word, so each is spelt out. */
const family = (i: number) =>
  `Zor${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${String.fromCharCode(97 + (Math.floor(i / 676) % 26))}ek`;

const CROWD: SanctionsEntity[] = Array.from({ length: 6000 }, (_, i) =>
  sanctionsEntity(`crowd-${i}`, "Person", `${family(i).toUpperCase()}, ${GIVEN[i % 5]} ${GIVEN[(i + 1 + (i % 3)) % 5]}`, [], {
    datasetId: i % 2 === 0 ? "list_even" : "list_odd",
  }),
);
const LISTED: SanctionsEntity[] = [
  sanctionsEntity("target-1", "Person", "TIVANDARI, Muhammad Ahmad Abdallah", [], { datasetId: "list_odd" }),
  sanctionsEntity("target-2", "Person", "MUHAMMAD AHMAD IBRAHIM HASSAN", [], { datasetId: "list_even" }),
  sanctionsEntity("target-3", "Organization", "MUHAMMAD AHMAD TRADING", [], { datasetId: "list_even" }),
];
const index = SanctionsIndex.build([...CROWD, ...LISTED]);

describe("searching among thousands of names with the same given names", () => {
  test("a rare family name with common given names finds its listing first, a whole match", () => {
    const [first] = index.search("Muhammad Ahmad Abdallah Tivandari", { type: "person" });
    expect(first).toMatchObject({ id: "list_odd:target-1", score: 1, match: true });
  });

  test("common words only: the listing that has every one of them comes first, above thousands with two", () => {
    const results = index.search("Muhammad Ahmad Ibrahim Hassan", { type: "person" });
    expect(results[0]).toMatchObject({ id: "list_even:target-2", score: 1, match: true });
    // Listed names with two of the four common words are no match for all four.
    expect(results.slice(1).every((r) => !r.match)).toBe(true);
  });

  test("a typo in the rare word still finds the listing through the crowd", () => {
    const [first] = index.search("Muhammad Ahmad Abdallah Tivandary", { type: "person" });
    expect(first).toMatchObject({ id: "list_odd:target-1", match: true });
  });

  test("the type and dataset filters hold however many names the common words reach", () => {
    const companies = index.search("Muhammad Ahmad", { type: "company" });
    expect(companies.map((r) => r.id)).toEqual(["list_even:target-3"]);
    const odd = index.search("Muhammad Ahmad Abdallah Tivandari", { type: "person", datasets: ["list_odd"] });
    expect(odd[0]).toMatchObject({ id: "list_odd:target-1", match: true });
    expect(odd.every((r) => r.datasets[0] === "list_odd")).toBe(true);
    const even = index.search("Muhammad Ahmad Abdallah Tivandari", { type: "person", datasets: ["list_even"] });
    expect(even.every((r) => r.datasets[0] === "list_even" && !r.match)).toBe(true);
    expect(index.search("Muhammad Ahmad", { datasets: ["no_such_list"] })).toEqual([]);
  });

  test("a search gives the same answer again, and after searches that found other names", () => {
    const first = index.search("Muhammad Ahmad Abdallah Tivandari");
    index.search("Ibrahim Hassan");
    index.search("Abdallah Muhammad", { type: "person", datasets: ["list_even"] });
    expect(index.search("Muhammad Ahmad Abdallah Tivandari")).toEqual(first);
  });
});

describe("an index built batch by batch", () => {
  test("answers as the index built from all the entities at once, and takes no entity once built", () => {
    const builder = new SanctionsIndexBuilder();
    const all = [...CROWD, ...LISTED];
    for (let start = 0; start < all.length; start += 500) {
      for (const entity of all.slice(start, start + 500)) builder.add(entity);
      expect(builder.size).toBe(Math.min(all.length, start + 500));
    }
    const batched = SanctionsIndex.fromBuilder(builder);
    expect(batched.size).toBe(index.size);
    expect(batched.nameCount).toBe(index.nameCount);
    for (const term of ["Muhammad Ahmad Abdallah Tivandari", "Ibrahim Hassan", "Muhammad Ahmad Trading", "Zorabaek Hassan"]) {
      expect(batched.search(term)).toEqual(index.search(term));
    }
    expect(() => builder.add(LISTED[0])).toThrow("already built");
    expect(() => SanctionsIndex.fromBuilder(builder)).toThrow("already built");
  });
});
