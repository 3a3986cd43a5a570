import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sdnFilesWith } from "../../support/ofac-sdn.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";

// `duecheck sanctions compare` on the database of a running server: plain weights before any list is imported, the
// imported list's weights after (a list where a dozen people are called Muhammad makes "Muhammad" count for little).
const ENV = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" };
const SURNAMES = ["RAHIMI", "KARIMI", "NASSER", "HAIDARI", "SALEH", "QURESHI", "FAROOQ", "JABER", "MANSOUR", "OMAR", "YOUSEF", "ZAIDI"];

let restoreEnv: () => void = () => {};
let app: TestApp;
let folder: string;
let env: Record<string, string>;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  env = { ...app.env, ...ENV };
  folder = mkdtempSync(join(tmpdir(), "dc-compare-"));
});
afterAll(async () => {
  await app.stop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

const cli = (...args: string[]) => runCli(args, env);
const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

function writePairs(name: string, lines: string[]) {
  const path = join(folder, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

async function importList() {
  const dir = join(folder, "sdn");
  mkdirSync(dir, { recursive: true });
  const people = SURNAMES.map((surname, i) => ({ id: 6000 + i, name: `${surname}, Muhammad`, type: "individual" as const }));
  for (const [name, content] of Object.entries(sdnFilesWith(people))) writeFileSync(join(dir, name), content);
  const imported = await cli("datasets", "import", "us_ofac_sdn", dir);
  expect(imported.stderr).toBe("");
  expect(imported.stdout).toContain("with 20 entities");
}

describe("duecheck sanctions compare", () => {
  test("two names: the score, the decision and which parts matched how, with plain weights before any list is imported", async () => {
    const res = await cli("sanctions", "compare", "Vladimir Putin", "PUTIN, Vladimir Vladimirovich");
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split("\n");
    expect(lines[0]).toBe('"Vladimir Putin" against "PUTIN, Vladimir Vladimirovich"');
    expect(lines[1]).toMatch(/^Score (9\d|100)%: MATCH$/);
    expect(lines[2]).toMatch(/^SEARCHED\s+LISTED\s+HOW\s+SIMILARITY$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Vladimir\s+Vladimir\s+exact\s+100%$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Putin\s+PUTIN\s+exact\s+100%$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\s+Vladimirovich\s+not in the search$/));
    expect(lines.at(-1)).toBe("No list is imported: every name part weighs alike (plain weights).");

    const json = JSON.parse((await cli("sanctions", "compare", "Acme Holdings Ltd", "ACME Holding Limited", "--type", "company", "--json")).stdout);
    expect(json).toMatchObject({ query: "Acme Holdings Ltd", candidate: "ACME Holding Limited", type: "company", decision: "match", weights: "plain" });
    expect(json.explanation.parts).toContainEqual({ query: "Holdings", listed: "Holding", how: "spelling", similarity: expect.any(Number) });

    const far = JSON.parse((await cli("sanctions", "compare", "Maria Gonzalez", "Tariq Hassan", "--json")).stdout);
    expect(far).toMatchObject({ decision: "no_match" });
    expect(far.score).toBeLessThan(0.5);
  });

  test("prints in --language", async () => {
    const de = await cli("sanctions", "compare", "Wladimir Putin", "Vladimir Putin", "--language", "de");
    expect(de.stdout).toMatch(/^Wert \d+%: (TREFFER|knapp darunter)$/m);
    expect(de.stdout).toMatch(/^GESUCHT\s+GELISTET\s+WIE\s+ÄHNLICHKEIT$/m);
    expect(de.stdout).toMatch(/^Putin\s+Putin\s+exakt\s+100%$/m);
    const fr = await cli("sanctions", "compare", "Wladimir Putin", "Vladimir Putin", "--language", "fr");
    expect(fr.stdout).toContain("Aucune liste n’est importée");
  });

  test("--file answers every line in order; a bad line says its number and what is wrong, and the others are answered", async () => {
    const file = writePairs("pairs.jsonl", [
      JSON.stringify({ query: "Vladimir Putin", candidate: "PUTIN, Vladimir Vladimirovich", type: "person" }),
      "",
      "not json",
      JSON.stringify({ query: "", candidate: "Acme" }),
      JSON.stringify({ query: "Acme Holdings Ltd", candidate: "ACME Holding Limited", type: "company" }),
      JSON.stringify({ query: "A", candidate: "B", tpye: "person" }),
      JSON.stringify({ query: "A", candidate: "B", type: "vessel" }),
      "[1, 2]",
      JSON.stringify({ query: "Maria Gonzalez", candidate: "Tariq Hassan" }),
    ]);
    const res = await cli("sanctions", "compare", "--file", file, "--json");
    expect(res.code).toBe(1);
    const lines = jsonLines(res.stdout);
    expect(lines.map((l) => [l.line, l.decision ?? l.error])).toEqual([
      [1, "match"],
      [3, "not valid JSON"],
      [4, "query must not be blank"],
      [5, "match"],
      [6, "Unknown field: tpye"],
      [7, "type must be person or company"],
      [8, 'not a JSON object such as {"query": "...", "candidate": "..."}'],
      [9, "no_match"],
    ]);
    expect(lines[0]).toMatchObject({ query: "Vladimir Putin", candidate: "PUTIN, Vladimir Vladimirovich", type: "person", weights: "plain" });
    expect(lines[0].explanation.parts[0]).toEqual({ query: "Vladimir", listed: "Vladimir", how: "exact", similarity: 1 });
    expect(res.stderr.trim()).toBe("duecheck: 5 lines could not be answered; every other line was");

    const table = await cli("sanctions", "compare", "--file", file);
    expect(table.code).toBe(1);
    expect(table.stderr).toContain("duecheck: line 3: not valid JSON\n");
    expect(table.stderr).toContain("duecheck: line 6: Unknown field: tpye\n");
    expect(table.stdout).toMatch(/^LINE\s+SCORE\s+DECISION\s+QUERY\s+CANDIDATE\s+WHY$/m);
    expect(table.stdout).toMatch(
      /^1\s+\d+%\s+MATCH\s+Vladimir Putin\s+PUTIN, Vladimir Vladimirovich\s+Vladimir: exact; Putin → PUTIN: exact; Vladimirovich: not in the search$/m,
    );
    expect(table.stdout).toMatch(/^9\s+\d+%\s+no match\s+Maria Gonzalez\s+Tariq Hassan/m);
  });

  test("--type is the default type of the file's lines", async () => {
    const file = writePairs("typed.jsonl", [
      JSON.stringify({ query: "Acme Holdings", candidate: "ACME HOLDINGS" }),
      JSON.stringify({ query: "Acme Holdings", candidate: "ACME HOLDINGS", type: "person" }),
    ]);
    const lines = jsonLines((await cli("sanctions", "compare", "--file", file, "--type", "company", "--json")).stdout);
    expect(lines.map((l) => l.type)).toEqual(["company", "person"]);
  });

  test.each([
    [["Only one name"], "duecheck: Give two names or --file (not both)"],
    [[], "duecheck: Give two names or --file (not both)"],
    [["A", "B", "--file", "/nonexistent/pairs.jsonl"], "duecheck: Give two names or --file (not both)"],
    [["--file", "/nonexistent/pairs.jsonl"], "duecheck: Cannot read /nonexistent/pairs.jsonl"],
    [["A", "  "], "duecheck: candidate must not be blank"],
    [["A", "B", "--type", "vessel"], "duecheck: type must be person or company"],
    [["A\u0007", "B"], "duecheck: query must not contain control characters or unpaired surrogates"],
  ])("compare %j exits 1: %s", async (args, message) => {
    const res = await cli("sanctions", "compare", ...args);
    expect([res.code, res.stderr.trim()]).toEqual([1, message]);
    expect(res.stdout).toBe("");
  });

  test("an empty file is refused", async () => {
    const file = writePairs("empty.jsonl", ["", "  "]);
    const res = await cli("sanctions", "compare", "--file", file);
    expect([res.code, res.stderr.trim()]).toEqual([1, `duecheck: ${file} has no pairs`]);
  });

  test("with a list imported, name parts weigh their rarity in it: a common given name counts for less", async () => {
    const pair = ["sanctions", "compare", "Muhammad Tahir", "Muhammad Bashir", "--json"];
    const plain = JSON.parse((await cli(...pair)).stdout);
    expect(plain.weights).toBe("plain");
    await importList();
    const weighed = JSON.parse((await cli(...pair)).stdout);
    expect(weighed.weights).toBe("lists");
    expect(weighed.score).toBeLessThan(plain.score);
    // A rare surname still matches in full.
    const rare = JSON.parse((await cli("sanctions", "compare", "Muhammad Zaidi", "ZAIDI, Muhammad", "--json")).stdout);
    expect(rare).toMatchObject({ decision: "match", weights: "lists" });
    const table = await cli("sanctions", "compare", "Muhammad Zaidi", "ZAIDI, Muhammad");
    expect(table.stdout.trim().split("\n").at(-1)).toBe("Name parts are weighed by how rare they are in the imported lists.");
    const file = writePairs("weighed.jsonl", [JSON.stringify({ query: "Muhammad Tahir", candidate: "Muhammad Bashir" })]);
    expect(jsonLines((await cli("sanctions", "compare", "--file", file, "--json")).stdout)[0]).toMatchObject({ weights: "lists", score: weighed.score });
  });

  test("sanctions search shows each result's explanation", async () => {
    const res = await cli("sanctions", "search", "Rustam Karimov");
    expect(res.stdout).toMatch(/SCORE\s+MATCH\s+NAME\s+SCHEMA.*\s+WHY$/m);
    expect(res.stdout).toMatch(/KARIMOV, Rustam Alievich.*Rustam: exact; Karimov → KARIMOV: exact/);
    const json = JSON.parse((await cli("sanctions", "search", "Rustam Karimov", "--json", "--limit", "1")).stdout);
    expect(json.results[0].explanation.parts).toContainEqual({ query: "Karimov", listed: "KARIMOV", how: "exact", similarity: 1 });
  });

  test("sanctions search labels a lone surname's results partial, not a match", async () => {
    const res = await cli("sanctions", "search", "Karimov");
    expect(res.stdout).toContain('No match for "Karimov" in us_ofac_sdn');
    expect(res.stdout).toMatch(/^\d+%\s+partial\s+KARIMOV, Rustam Alievich\s+Person/m);
    const json = JSON.parse((await cli("sanctions", "search", "Karimov", "--json")).stdout);
    expect(json.results[0]).toMatchObject({ name: "KARIMOV, Rustam Alievich", partial: true, match: false });
  });
});
