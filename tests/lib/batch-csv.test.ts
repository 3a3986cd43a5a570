import { describe, expect, test } from "bun:test";
import {
  assertCsvFileName,
  BATCH_CSV_LIMITS,
  BatchCsvError,
  type BatchCsvLimits,
  type BatchCsvSource,
  PUBLIC_API_BATCH_CSV_LIMITS,
  readBatchCsv,
} from "../../lib/batch/csv.ts";
import { AppError } from "../../lib/errors.ts";

/** The error a file is refused with, as the API and the CLI show it. */
async function refusal(source: BatchCsvSource, limits?: BatchCsvLimits): Promise<{ status: number; message: string }> {
  try {
    await readBatchCsv(source, limits);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, message: error.message };
  }
  throw new Error("the file was accepted");
}

const terms = async (source: BatchCsvSource) => (await readBatchCsv(source)).entities.map((e) => e.searchTerm);

/** A stream of the text cut into pieces of `size` bytes (cutting through multi-byte characters). */
function pieces(text: string | Uint8Array, size: number): ReadableStream<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** An endless file: the header, then `row(i)` forever; counts the bytes handed out. */
function endless(header: string, row: (i: number) => string) {
  const state = { bytesRead: 0 };
  async function* chunks() {
    yield header;
    for (let i = 0; ; i++) {
      const chunk = Array.from({ length: 100 }, (_, j) => row(i * 100 + j)).join("");
      state.bytesRead += chunk.length;
      yield chunk;
    }
  }
  return { source: chunks(), state };
}

describe("batch CSV: column names, defaults, quoting, separators, encoding and the .csv name", () => {
  test("the header is lower-cased and trimmed; entity type, language, country and numLinks are read with their defaults", async () => {
    const csv = [
      " SearchTerm , EntityType ,LANGUAGE, Country ,NumLinks,Notes",
      "Acme Trading LLC,Company,DE,de,25,ignored column",
      "John Sample,,,,,",
      "Jane Roe,PERSON,fr,,3,",
    ].join("\n");
    const result = await readBatchCsv(csv);
    expect(result.entities).toEqual([
      { searchTerm: "Acme Trading LLC", entityType: "company", language: "de", country: "DE", numLinks: 25 },
      { searchTerm: "John Sample", entityType: "person", language: "en", numLinks: 10 },
      { searchTerm: "Jane Roe", entityType: "person", language: "fr", numLinks: 3 },
    ]);
    expect(result).toMatchObject({ rows: 3, skippedRows: 0, delimiter: "," });
  });

  test("name and type are the other spellings; a row is kept only with a searchterm or a name", async () => {
    const result = await readBatchCsv("Name,Type\nAcme,company\n,person\nBob,\n  ,company\n\n");
    expect(result.entities.map((e) => [e.searchTerm, e.entityType])).toEqual([
      ["Acme", "company"],
      ["Bob", "person"],
    ]);
    expect(result).toMatchObject({ rows: 4, skippedRows: 2 });
    // Both columns: searchterm first, the name when the row's searchterm is empty.
    expect(await terms("searchTerm,name\nFirst,Other\n,Second\n")).toEqual(["First", "Second"]);
  });

  test("quoted values keep commas, doubled quotes and line breaks; stray quotes in unquoted values are kept as typed", async () => {
    const csv = 'name,type\n"Smith, John",person\n"The ""Best"" Ltd",company\n"Multi\nline name",person\nAcme "Blue" GmbH,company\n';
    expect(await terms(csv)).toEqual(["Smith, John", 'The "Best" Ltd', "Multi line name", 'Acme "Blue" GmbH']);
  });

  test("a spreadsheet export: UTF-8 BOM, CRLF, semicolons (the delimiter is read from the header line)", async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('searchTerm;entityType;country\r\n"Müller, Hans";person;DE\r\nSociété Générale;company;FR\r\n"Zeile\r\nzwei";person;\r\n'),
    ]);
    const result = await readBatchCsv(bytes);
    expect(result.delimiter).toBe(";");
    expect(result.entities.map((e) => [e.searchTerm, e.entityType, e.country])).toEqual([
      ["Müller, Hans", "person", "DE"],
      ["Société Générale", "company", "FR"],
      ["Zeile zwei", "person", undefined],
    ]);
  });

  test("tab-separated files, and a one-column file whose names hold semicolons", async () => {
    expect(await readBatchCsv("name\ttype\nAcme, Inc.\tcompany\n")).toMatchObject({
      delimiter: "\t",
      entities: [{ searchTerm: "Acme, Inc.", entityType: "company" }],
    });
    expect(await terms("name\nSmith; John\n")).toEqual(["Smith; John"]);
  });

  test("read as a stream: one byte at a time through multi-byte characters, or from a Blob, gives the same entities", async () => {
    const csv = '\uFEFFname;type\r\n"Ünal; Ayşe";person\r\nŁódź Holding;company\r\n北京公司;company\r\n';
    const whole = await readBatchCsv(csv);
    expect(whole.entities.map((e) => e.searchTerm)).toEqual(["Ünal; Ayşe", "Łódź Holding", "北京公司"]);
    expect(await readBatchCsv(pieces(csv, 1))).toEqual(whole);
    expect(await readBatchCsv(new Blob([csv]))).toEqual(whole);
  });

  test("every value passes the shared text rule: tabs become spaces, control characters are refused", async () => {
    expect(await terms('name\n"Tab\there"\n')).toEqual(["Tab here"]);
    expect(await refusal("name\nNul\u0000Name\n")).toEqual({
      status: 400,
      message: "Line 2: Search term must not contain control characters or unpaired surrogates",
    });
  });

  test("the file name must end in .csv (checked lower-cased)", () => {
    expect(() => assertCsvFileName("Customers.CSV")).not.toThrow();
    expect(() => assertCsvFileName("customers.txt")).toThrow("Please upload a CSV file");
    expect(() => assertCsvFileName("customers.csv.xlsx")).toThrow("Please upload a CSV file");
  });
});

describe("a bad file is refused whole, naming the line (the header is line 1) and why", () => {
  test("each value the search refuses", async () => {
    const cases: [string, string][] = [
      ["name,type\nA,person\nB,vessel\n", "Line 3: Entity type must be person or company"],
      ["name,language\nA,it\n", "Line 2: Language must be one of en, de, es, fr"],
      ["name,country\nA,XX\n", "Line 2: Country must be a two-letter ISO 3166 code, such as DE or US"],
      ["name,country\nA,Germany\n", "Line 2: Country must be a two-letter ISO 3166 code, such as DE or US"],
      ["name,numlinks\nA,ten\n", "Line 2: numLinks must be a number"],
      ["name,numlinks\nA,2.5\n", "Line 2: numLinks must be a whole number"],
      ["name,numlinks\nA,0\n", "Line 2: numLinks must be at least 1"],
      ["name,numlinks\nA,51\n", "Line 2: numLinks must be at most 50"],
      [`name\nA\n${"x".repeat(201)}\n`, "Line 3: Search term must be at most 200 characters"],
    ];
    for (const [csv, message] of cases) expect(await refusal(csv)).toEqual({ status: 400, message });
  });

  test("rows repeating the same options are checked each: a later bad value in a familiar combination is still refused", async () => {
    const csv = "name,type,country,numlinks\nA,person,DE,5\nB,Person,de,5\nC,person,DE,5\nD,person,DE,500\n";
    expect(await refusal(csv)).toEqual({ status: 400, message: "Line 5: numLinks must be at most 50" });
    expect(await refusal("name,type\nA,person\nB,person\nC\u0001,person\n")).toEqual({
      status: 400,
      message: "Line 4: Search term must not contain control characters or unpaired surrogates",
    });
  });

  test("the line stays the physical line after blank lines, CRLF and values spanning lines", async () => {
    const csv = 'name,type\r\n\r\n"Two\r\nlines",person\r\n\r\n"Three\nline\nvalue",company\r\nBad,robot\r\n';
    expect((await refusal(csv)).message).toBe("Line 9: Entity type must be person or company");
    expect((await refusal("\n\nname,type\nA,robot\n")).message).toBe("Line 4: Entity type must be person or company");
  });

  test("an unclosed quote names the line the quoted value starts on", async () => {
    expect(await refusal('name,type\nA,person\n"B,person\nC,person\nD,person\n')).toEqual({
      status: 400,
      message: "Line 3: a quoted value starts here and its closing quote is missing",
    });
  });

  test("text after a closing quote", async () => {
    expect(await refusal('name,type\nA,person\n"B"x,person\n')).toEqual({
      status: 400,
      message: "Line 3: a closing quote is followed by more text (write a quote inside a quoted value as two quotes)",
    });
  });

  test("more values than the header has columns (an unquoted comma); empty trailing cells are fine", async () => {
    expect(await refusal("name\nAcme\nSmith, John\n")).toEqual({
      status: 400,
      message: "Line 3: more values than the header has columns (put values with commas in double quotes)",
    });
    expect((await refusal("name;type\nA;person;x\n")).message).toContain("put values with semicolons in double quotes");
    expect(await terms("name,type\nAcme,company,,\nBob\n")).toEqual(["Acme", "Bob"]);
  });

  test("a header without a searchterm or name column", async () => {
    expect(await refusal("Company,Kind\nA,person\n")).toEqual({
      status: 400,
      message: "Line 1: the header needs a searchTerm or name column (found: company, kind)",
    });
  });

  test("an empty file, a file of blank lines, and a file without any entity", async () => {
    expect(await refusal("")).toEqual({ status: 400, message: "The CSV file is empty" });
    expect(await refusal("\uFEFF\r\n\r\n ,  \r\n")).toEqual({ status: 400, message: "The CSV file is empty" });
    const none = { status: 400, message: "The CSV file has no entities to screen (no row has a searchTerm or name)" };
    expect(await refusal("name,type\n")).toEqual(none);
    expect(await refusal("name,type\n,person\n,company\n")).toEqual(none);
  });

  test("a file that is not UTF-8 (a Latin-1 export) names the first line with such a value", async () => {
    const latin1 = Buffer.concat([Buffer.from("name,type\nAcme,company\nM"), Buffer.from([0xfc]), Buffer.from("ller,person\n")]);
    expect(await refusal(latin1)).toEqual({ status: 400, message: 'Line 3: the file is not UTF-8 text (save it as "CSV UTF-8")' });
  });

  test("a bad row stops the reading: an endless upload is refused at its first bad line", async () => {
    const { source, state } = endless("name,type\n", (i) => `Person ${i},${i === 250 ? "robot" : "person"}\n`);
    expect(await refusal(source)).toEqual({ status: 400, message: "Line 252: Entity type must be person or company" });
    expect(state.bytesRead).toBeLessThan(100_000);
  });
});

describe("the refusal as data, for the web to word in its language", () => {
  async function problem(source: BatchCsvSource, limits?: BatchCsvLimits) {
    try {
      await readBatchCsv(source, limits);
    } catch (error) {
      if (!(error instanceof BatchCsvError)) throw error;
      return { line: error.line, problem: error.problem, message: error.message };
    }
    throw new Error("the file was accepted");
  }

  test("each refusal carries its code, its values and its line; the message is the same sentence", async () => {
    expect(await problem("name;type\nA;robot\n")).toEqual({
      line: 2,
      problem: { code: "invalidValue", message: "Entity type must be person or company" },
      message: "Line 2: Entity type must be person or company",
    });
    expect(await problem("name;type\nA;person;x\n")).toMatchObject({ line: 2, problem: { code: "extraValues", separator: "semicolons" } });
    expect(await problem('name\n"A\n')).toMatchObject({ line: 2, problem: { code: "quoteNotClosed" } });
    expect(await problem("Company\nA\n")).toMatchObject({ line: 1, problem: { code: "noNameColumn", found: "company" } });
    expect(await problem("")).toEqual({ line: undefined, problem: { code: "empty" }, message: "The CSV file is empty" });
    expect(await problem("name\nA\nB\n", { maxRows: 1, maxBytes: 100 })).toMatchObject({ line: 3, problem: { code: "tooManyRows", maxRows: 1 } });
    expect(await problem("name\nA\nB\n", { maxRows: 10, maxBytes: 4 })).toMatchObject({ line: undefined, problem: { code: "tooLarge", maxBytes: 4 } });
    expect(() => assertCsvFileName("list.txt")).toThrow(BatchCsvError);
  });

  test("a File as the browser hands it over reads like any other source", async () => {
    const file = new File(['\uFEFFsearchTerm;entityType\r\n"Smith, John";person\r\nAcme;company\r\n'], "list.csv", { type: "text/csv" });
    expect((await readBatchCsv(file)).entities).toEqual([
      { searchTerm: "Smith, John", entityType: "person", language: "en", numLinks: 10 },
      { searchTerm: "Acme", entityType: "company", language: "en", numLinks: 10 },
    ]);
  });
});

describe("limits", () => {
  test("the public API takes 1,000 entities; the 1,001st is refused naming its line, rows without a name do not count", async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `Person ${i},person\n`).join("");
    const full = await readBatchCsv(`name,type\n,person\n${rows(1000)}`, PUBLIC_API_BATCH_CSV_LIMITS);
    expect(full.entities).toHaveLength(1000);
    expect(full.skippedRows).toBe(1);
    expect(await refusal(`name,type\n,person\n${rows(1001)}`, PUBLIC_API_BATCH_CSV_LIMITS)).toEqual({
      status: 413,
      message: "Line 1003: a batch can have at most 1,000 entities",
    });
  });

  test("the web and CLI take 100,000 entities and refuse the 100,001st, without reading further", async () => {
    const { source, state } = endless("name\n", (i) => `Person ${i}\n`);
    expect(await refusal(source)).toEqual({ status: 413, message: "Line 100002: a batch can have at most 100,000 entities" });
    expect(state.bytesRead).toBeLessThan(BATCH_CSV_LIMITS.maxBytes / 10);
  });

  test("over the byte cap: 413, and the reading stops at the cap", async () => {
    const { source, state } = endless("name\n", () => `${"A very long name indeed ".repeat(8)}\n`);
    expect(await refusal(source, { maxRows: 10_000_000, maxBytes: 2 * 1024 * 1024 })).toEqual({
      status: 413,
      message: "The CSV file is larger than 2 MB",
    });
    expect(state.bytesRead).toBeLessThan(2 * 1024 * 1024 + 100_000);
    expect((await refusal(`name\n${"x".repeat(21 * 1024 * 1024)}`)).message).toBe("The CSV file is larger than 20 MB");
  });

  test("100,000 rows with every column, read as a stream (prints the time; not a timed assertion)", async () => {
    const countries = ["DE", "FR", "US", "GB", "ES"];
    const rows = Array.from(
      { length: 100_000 },
      (_, i) => `"Person ${i}, Jr",${i % 3 ? "person" : "company"},${i % 2 ? "en" : "de"},${countries[i % 5]},${(i % 50) + 1}\n`,
    );
    const file = new Blob(["searchTerm,entityType,language,country,numLinks\n", ...rows]);
    const started = performance.now();
    const result = await readBatchCsv(file.stream());
    const ms = performance.now() - started;
    console.log(`batch CSV: 100,000 rows (${(file.size / 1024 / 1024).toFixed(1)} MB) read in ${Math.round(ms)} ms`);
    expect(result.entities).toHaveLength(100_000);
    expect(result.entities[99_999]).toEqual({
      searchTerm: "Person 99999, Jr",
      entityType: "company",
      language: "en",
      country: "ES",
      numLinks: 50,
    });
  });
});
