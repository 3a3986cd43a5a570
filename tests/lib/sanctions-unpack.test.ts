import { describe, expect, test } from "bun:test";
import { crc32, gzipSync } from "node:zlib";
import JSZip from "jszip";
import { AppError } from "../../lib/errors.ts";
import { isDatasetExport } from "../../lib/sanctions/datasets/export-file.ts";
import { gunzipLines } from "../../lib/sanctions/datasets/gunzip-lines.ts";
import { importDataset } from "../../lib/sanctions/datasets/import-any.ts";
import { CLI_MAX_UNPACKED_BYTES, UnpackBudget } from "../../lib/sanctions/datasets/unpack-budget.ts";
import { MAX_ZIP_ENTRIES, unzipFiles } from "../../lib/sanctions/datasets/unzip.ts";
import { deflatedEntry, deflatedZeros, type ZipEntryBytes, zipArchive } from "../helpers/zip-writer.ts";

const MiB = 2 ** 20;
const asFile = (content: Uint8Array, name = "list.zip") => ({ name, content, sourceUrl: null, etag: null, lastModified: null });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error) => {
      expect(error).toBeInstanceOf(AppError);
      return { status: (error as AppError).status, message: (error as AppError).message };
    },
  );

describe("unzipping a list's files", () => {
  test("a zip made by JSZip, deflated and stored, with folders, hidden files and macOS forks", async () => {
    const zip = new JSZip();
    zip.file("sdn/sdn.csv", "1,SOMEONE\n".repeat(10_000));
    zip.file("sdn/alt.csv", "é,ß,日本\n", { compression: "STORE" });
    zip.file("sdn/.DS_Store", "x");
    zip.file("__MACOSX/sdn/._sdn.csv", "fork");
    zip.folder("empty");
    const content = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
    const files = await unzipFiles(asFile(content), new UnpackBudget());
    expect(files.map((f) => [f.name, text(f.content)])).toEqual([
      ["sdn.csv", "1,SOMEONE\n".repeat(10_000)],
      ["alt.csv", "é,ß,日本\n"],
    ]);
  });

  test("a zip written as a stream (sizes in data descriptors) and one with zip64 fields", async () => {
    const zip = new JSZip();
    zip.file("consolidated.xml", "<list/>".repeat(1000));
    const streamed = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE", streamFiles: true });
    expect([...(await unzipFiles(asFile(streamed), new UnpackBudget()))].map((f) => text(f.content))).toEqual(["<list/>".repeat(1000)]);

    const zip64 = zipArchive([{ ...deflatedEntry("a.csv", "a,b\n"), zip64: true }, deflatedEntry("b.csv", "c,d\n")]);
    expect((await unzipFiles(asFile(zip64), new UnpackBudget())).map((f) => [f.name, text(f.content)])).toEqual([
      ["a.csv", "a,b\n"],
      ["b.csv", "c,d\n"],
    ]);
  });

  test("an entry declaring 2 GiB or 4 GiB is refused as too large before any of it is inflated", async () => {
    for (const mib of [2049, 4097]) {
      const zip = zipArchive([{ name: "sdn.csv", method: 8, ...deflatedZeros(mib) }]);
      const started = performance.now();
      expect(await refusal(unzipFiles(asFile(zip, "bomb.zip"), new UnpackBudget()))).toEqual({
        status: 413,
        message: "bomb.zip unpacks to more than 64 MB; at most 64 MB can be imported at once",
      });
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  test("an entry holding more than it declares is refused at the first chunk past its size", async () => {
    const zip = zipArchive([{ name: "sdn.csv", method: 8, ...deflatedZeros(600), size: 1000 }]);
    const budget = new UnpackBudget();
    expect(await refusal(unzipFiles(asFile(zip, "lie.zip"), budget))).toEqual({
      status: 400,
      message: "lie.zip: sdn.csv cannot be unpacked (it holds more than the 1000 bytes it declares)",
    });
    expect(budget.left).toBe(budget.cap);
  });

  test("fewer bytes than declared, a wrong checksum, a cut archive or a foreign method are refused as damaged", async () => {
    const entry = deflatedEntry("sdn.csv", "1,SOMEONE\n".repeat(100));
    const cases: [ZipEntryBytes[], string][] = [
      [[{ ...entry, size: entry.size + 1 }], "z.zip: sdn.csv cannot be unpacked (it holds 1000 bytes where it declares 1001)"],
      [[{ ...entry, crc: entry.crc ^ 1 }], "z.zip: sdn.csv cannot be unpacked (its checksum does not match; the zip is damaged)"],
      [[{ ...entry, method: 12 as 8 }], "z.zip: sdn.csv is compressed with method 12; zip the files with deflate (the usual zip)"],
      [
        [{ name: "sdn.csv", method: 0, data: new Uint8Array(10), crc: crc32(new Uint8Array(10)), size: 11 }],
        "z.zip: sdn.csv cannot be unpacked (it is stored as 10 bytes but declares 11)",
      ],
    ];
    for (const [entries, message] of cases) {
      expect((await refusal(unzipFiles(asFile(zipArchive(entries), "z.zip"), new UnpackBudget()))).message).toBe(message);
    }
    const whole = zipArchive([entry]);
    expect(await refusal(unzipFiles(asFile(whole.subarray(0, whole.length - 30), "z.zip"), new UnpackBudget()))).toEqual({
      status: 400,
      message: "z.zip cannot be read as a zip archive (no end of central directory)",
    });
  });

  test("the budget spans every entry: entries that each fit but together pass it are refused", async () => {
    const half = deflatedZeros(3);
    const zip = zipArchive([1, 2, 3].map((i) => ({ name: `${i}.csv`, method: 8 as const, ...half })));
    expect(await refusal(unzipFiles(asFile(zip, "parts.zip"), new UnpackBudget(8 * MiB)))).toEqual({
      status: 413,
      message: "parts.zip unpacks to more than 8 MB; at most 8 MB can be imported at once",
    });
    expect((await unzipFiles(asFile(zip, "parts.zip"), new UnpackBudget(9 * MiB))).map((f) => f.content.length)).toEqual([3 * MiB, 3 * MiB, 3 * MiB]);
  });

  test("an import's cap is the caller's: the server's 64 MB by default, the CLI's larger one when given", async () => {
    const zip = zipArchive([{ name: "sdn.csv", method: 8 as const, ...deflatedZeros(70) }]);
    const options = { actor: { kind: "cli" as const }, timeoutMs: 1000 };
    // Refused while unpacking, before the database is reached.
    const noDatabase = undefined as unknown as Parameters<typeof importDataset>[0];
    expect(await refusal(importDataset(noDatabase, "us_ofac_sdn", [asFile(zip, "sdn.zip")], options))).toEqual({
      status: 413,
      message: "sdn.zip unpacks to more than 64 MB; at most 64 MB can be imported at once",
    });
    expect(CLI_MAX_UNPACKED_BYTES).toBeGreaterThan(70 * MiB);
    const files = await unzipFiles(asFile(zip, "sdn.zip"), new UnpackBudget(CLI_MAX_UNPACKED_BYTES));
    expect(files.map((f) => f.content.length)).toEqual([70 * MiB]);
  });

  test("a zip listing more entries than a list has files is refused", async () => {
    const entries = Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => deflatedEntry(`${i}.csv`, ""));
    expect(await refusal(unzipFiles(asFile(zipArchive(entries)), new UnpackBudget()))).toEqual({
      status: 413,
      message: `list.zip lists ${MAX_ZIP_ENTRIES + 1} entries; a list's files are a few, and at most ${MAX_ZIP_ENTRIES} are read`,
    });
  });
});

describe("reading a gzip'd export line by line", () => {
  const lines = async (content: Uint8Array, budget = new UnpackBudget(), maxLine = MiB) => {
    const out: string[] = [];
    for await (const [, line] of gunzipLines(content, "export.gz", budget, maxLine)) out.push(line);
    return out;
  };

  test("lines come whole and decoded, characters split across chunks included", async () => {
    const long = "é日".repeat(40_000);
    expect(await lines(gzipSync(`first\r\n${long}\n\nlast`))).toEqual(["first\r", long, "", "last"]);
  });

  test("a line past the bound is refused before it ends, and the stream past the budget", async () => {
    const endless = gzipSync(Buffer.alloc(20 * MiB, "a"));
    expect(await refusal(lines(endless, new UnpackBudget(), 2 * MiB))).toEqual({
      status: 413,
      message: "export.gz line 1 is longer than 2 MB, more than an export of a list holds",
    });
    const many = gzipSync(`${"b".repeat(MiB - 1)}\n`.repeat(20));
    expect(await refusal(lines(many, new UnpackBudget(8 * MiB), 2 * MiB))).toEqual({
      status: 413,
      message: "export.gz unpacks to more than 8 MB; at most 8 MB can be imported at once",
    });
  });

  test("a stream that cannot be inflated is refused as damaged", async () => {
    const cut = gzipSync("a line\n".repeat(10_000)).subarray(0, 200);
    const { status, message } = await refusal(lines(cut));
    expect(status).toBe(400);
    expect(message).toStartWith("export.gz cannot be unpacked (");
    expect(message).toEndWith("); the export file is damaged or cut short");
  });

  test("an export is recognised from its first bytes alone, a bomb included", async () => {
    const header = `{"format":"duecheck-dataset-export","format_version":1}\n`;
    expect(await isDatasetExport(gzipSync(`${header}${"x".repeat(20 * MiB)}`))).toBe(true);
    expect(await isDatasetExport(gzipSync("a,b\n"))).toBe(false);
    expect(await isDatasetExport(new TextEncoder().encode("plain"))).toBe(false);
    expect(await isDatasetExport(Uint8Array.from([0x1f, 0x8b, 1, 2, 3]))).toBe(false);
  });
});
