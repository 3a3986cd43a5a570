/**
 * Every refusal the server sends with a fixed sentence reads in the user's language: the web shows the sentence as
 * t(sentence), so each one is a key of lib/i18n/en.json and worded in de, es and fr. The sentences are read from the
 * source (tests/helpers/refusal-sentences.ts), so a new refusal without its words fails here. Sentences built from a
 * name or a count cannot be keys; a client words those from the fields sent beside them (lib/errors.ts).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import de from "../../lib/i18n/de.json";
import en from "../../lib/i18n/en.json";
import es from "../../lib/i18n/es.json";
import fr from "../../lib/i18n/fr.json";
import { missingDetailMessage, REASON_NEEDS } from "../../lib/review/clearance-rules.ts";
import type { DecisionReason } from "../../lib/review/contract.ts";
import { RefusalScanner } from "../helpers/refusal-sentences.ts";

const ROOT = join(import.meta.dir, "../..");
const words: Record<"en" | "de" | "es" | "fr", Record<string, string>> = { en, de, es, fr };

/** Sentences a language words exactly as English does (a name, a code): none yet. */
const SAME_IN: Record<"de" | "es" | "fr", string[]> = { de: [], es: [], fr: [] };

/**
 * Refusal sentences a lib/ function builds from a closed set of inputs, which the source scan cannot follow: the
 * clearance reasons that compare a detail the search did not give (one sentence per reason).
 */
const enumerated = Object.entries(REASON_NEEDS).map(([reason, detail]) => missingDetailMessage(reason as DecisionReason, detail!));

describe("the sentence scan", () => {
  const dir = mkdtempSync(join(tmpdir(), "refusals-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Modules as the code base writes them (a template each: \` and \${ are the module's own backticks and substitutions).
  const files: Record<string, string> = {
    "lib/errors.ts": "export class AppError extends Error {}",
    "lib/a/words.ts": `export const NOT_FOUND = "Thing not found";
export const LIMIT = 3 * 4;
export const refusal = (min: number = LIMIT) => \`At least \${min} things\`;`,
    "lib/a/rules.ts": `import { AppError } from "../errors.ts";
import { LIMIT, NOT_FOUND as MISSING, refusal } from "./words.ts";
// new AppError(500, commented);
const OWN = "Own sentence";
const why = (done: boolean) => {
  if (done) return "Already done";
  return OWN;
};
export function requireIt(ok: boolean, message: string, other = \`Default of \${LIMIT}\`) {
  if (!ok) throw new AppError(403, message);
  throw new AppError(403, other);
}
export function read(id: string, state: string, n: number) {
  if (!id) throw new AppError(400, "A literal, \\"quoted\\"");
  if (id === OWN) throw new AppError(404, MISSING);
  if (n > LIMIT / 2) throw new AppError(409, \`Over \${LIMIT / 2}: \${n === 1 ? "one" : "more"} left\`);
  if (n) throw new AppError(409, why(n > 1));
  if (state) throw new AppError(409, \`The thing is \${state}\`);
  throw new AppError(400, refusal());
}
export function tooMany(said: string, minutes: number) {
  throw new AppError(429, \`\${said} Wait \${minutes} minutes.\`, 60, { refusal: said, minutes });
}`,
    "server/routes.ts": `import { requireIt, tooMany } from "@lib/a/rules.ts";
requireIt(true, "Only owners do it");
requireIt(false, "Only admins do it", "Another default");
tooMany("Too many tries.", Date.now() % 60);`,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const found = new RefusalScanner(dir, ["lib", "server"]).refusals(["lib"]);

  test("follows literals, constants, imports, templates of constants, choices, calls and parameters", () => {
    expect(found.map(({ where, status, sentences, built }) => [where, status, sentences ?? built])).toEqual([
      ["lib/a/rules.ts:10", "403", ["Only owners do it", "Only admins do it"]],
      ["lib/a/rules.ts:11", "403", ["Default of 12", "Another default"]],
      ["lib/a/rules.ts:14", "400", ['A literal, "quoted"']],
      ["lib/a/rules.ts:15", "404", ["Thing not found"]],
      ["lib/a/rules.ts:16", "409", ["Over 6: one left", "Over 6: more left"]],
      ["lib/a/rules.ts:17", "409", ["Already done", "Own sentence"]],
      ["lib/a/rules.ts:18", "409", `\`The thing is \${state}\``],
      ["lib/a/rules.ts:19", "400", ["At least 12 things"]],
      ["lib/a/rules.ts:22", "429", `\`\${said} Wait \${minutes} minutes.\``],
    ]);
    expect(found.filter((r) => r.refusalField).map((r) => [r.where, r.refusalField])).toEqual([["lib/a/rules.ts:22", { sentences: ["Too many tries."] }]]);
  });
});

describe("refusals", () => {
  const found = new RefusalScanner(ROOT, ["lib", "server", "cli"]).refusals(["lib", "server"]);
  /** What a client words: each fixed message, and the `refusal` sentence sent beside a built one. */
  const sentences = [...new Set([...found.flatMap((r) => [...(r.sentences ?? []), ...(r.refusalField?.sentences ?? [])]), ...enumerated])];

  test("the scan finds the refusals of lib/ and server/", () => {
    expect(found.length).toBeGreaterThan(250);
    expect(sentences.length).toBeGreaterThan(120);
    // One of each kind: a literal, a const of the file, an imported const, a message passed in by the caller.
    expect(sentences).toContain("User not found");
    expect(sentences).toContain("A reason is required to disable a list");
    expect(sentences).toContain("Case not found");
    expect(sentences).toContain("Only the member who made this webhook, or the organisation's owners and admins, change it");
  });

  test("a refusal field is always a fixed sentence", () => {
    expect(found.filter((r) => r.refusalField?.built !== undefined).map((r) => `${r.where}: ${r.refusalField?.built}`)).toEqual([]);
  });

  test("each fixed sentence is a key of lib/i18n/en.json", () => {
    const missing = found.flatMap((r) =>
      [...(r.sentences ?? []), ...(r.refusalField?.sentences ?? [])].filter((s) => !(s in en)).map((s) => `${r.where}: ${s}`),
    );
    expect([...missing, ...enumerated.filter((s) => !(s in en))]).toEqual([]);
  });

  for (const language of ["de", "es", "fr"] as const) {
    test(`each fixed sentence is worded in ${language}`, () => {
      const dict = words[language];
      const untranslated = sentences.filter((s) => s in en && (!dict[s]?.trim() || (dict[s] === words.en[s] && !SAME_IN[language].includes(s))));
      expect(untranslated).toEqual([]);
    });
  }
});
