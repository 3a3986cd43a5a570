import { describe, expect, test } from "bun:test";
import { EntityStream, readFilesOffThread } from "../../lib/sanctions/datasets/check-off-thread.ts";
import { checkDatasetFiles, IntegrityError } from "../../lib/sanctions/datasets/integrity.ts";
import { parseDatasetFiles } from "../../lib/sanctions/parsers/index.ts";
import { type SdnEntry, sdnFiles } from "../../support/ofac-sdn.ts";

const asFiles = (files: Record<string, string>) => Object.entries(files).map(([name, content]) => ({ name, content: new TextEncoder().encode(content) }));

/** A list large enough that parsing it takes a noticeable time. */
const bigList = (count: number): SdnEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    id: 100_000 + i,
    name: `SURNAME${i}, Given Middle${i % 97}`,
    type: "individual",
    remarks: `DOB ${(i % 28) + 1} Mar ${1940 + (i % 60)}; nationality Uzbekistan; a.k.a. 'ALIAS ${i}'.`,
  }));

describe("reading a list's files in a worker thread", () => {
  test("gives exactly the entities the in-thread reading gives, in batches", async () => {
    const files = asFiles(sdnFiles(bigList(3_000)));
    const sizes: number[] = [];
    for await (const batch of new EntityStream("ofac_csv", "us_ofac_sdn", files)) sizes.push(batch.length);
    expect(sizes).toEqual([1_000, 1_000, 1_000]);
    const offThread = await readFilesOffThread("ofac_csv", "us_ofac_sdn", files);
    expect(offThread).toEqual(checkDatasetFiles("ofac_csv", "us_ofac_sdn", files, null));
  });

  test("refuses broken files with the same IntegrityError", async () => {
    const garbage = [{ name: "sdn.csv", content: new Uint8Array([0, 159, 146, 150, 0, 1]) }];
    const error = await readFilesOffThread("ofac_csv", "us_ofac_sdn", garbage).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IntegrityError);
    expect((error as Error).message).toStartWith("The files cannot be read as ofac_csv: sdn.csv");
    const small = (() => {
      try {
        return checkDatasetFiles("ofac_csv", "us_ofac_sdn", asFiles(sdnFiles()), 100);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(small).toBeInstanceOf(IntegrityError);
    expect((small as Error).message).toBe("Implausible list: 8 entities, fewer than half of the current version's 100; the current version is kept");
  });

  test("the calling thread keeps running its timers while a large list is read", async () => {
    const files = asFiles(sdnFiles(bigList(40_000)));
    const started = performance.now();
    parseDatasetFiles("ofac_csv", "us_ofac_sdn", files);
    const inThreadMs = performance.now() - started;

    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const entities = await readFilesOffThread("ofac_csv", "us_ofac_sdn", files);
    clearInterval(timer);
    expect(entities).toHaveLength(40_000);
    // In this thread the parse is one block as long as the parse itself; from the worker only the copies are.
    expect(inThreadMs).toBeGreaterThan(200);
    expect(longestGap).toBeLessThan(inThreadMs / 3);
  }, 30_000);
});
