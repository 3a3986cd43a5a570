import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { describeExplanation, explanationLabels } from "../../lib/reports/explanation.ts";
import { type CompareRequest, comparePair, compareRequestSchema, type PairComparison } from "../../lib/sanctions/compare-pairs.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import type { NamePart } from "../../lib/sanctions/matcher/index.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";

interface CompareOptions {
  type?: string;
  file?: string;
  json?: boolean;
  language?: string;
}

/** One line of a pairs file: the request, or what is wrong with it. */
type PairLine = { line: number; request: CompareRequest } | { line: number; problem: string };

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** The first problem zod found, as the API words it. */
const problemOf = (error: { issues: { message: string }[] }) => error.issues[0].message;

/** The non-blank lines of a pairs file, each checked on its own: a bad line does not stop the others. */
function readPairs(path: string, defaultType: string | undefined, { t }: Words): PairLine[] {
  let content: string;
  try {
    content = readFileSync(path, "utf8");
  } catch {
    failWith(t.matching.cannotRead(path));
  }
  const lines: PairLine[] = [];
  for (const [i, raw] of content.split(/\r?\n/).entries()) {
    if (raw.trim() === "") continue;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      lines.push({ line, problem: t.matching.notJson });
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      lines.push({ line, problem: t.matching.notObject });
      continue;
    }
    const fields = value as Record<string, unknown>;
    const parsed = compareRequestSchema.safeParse(fields.type === undefined && defaultType !== undefined ? { ...fields, type: defaultType } : fields);
    lines.push(parsed.success ? { line, request: parsed.data } : { line, problem: problemOf(parsed.error) });
  }
  if (lines.length === 0) failWith(t.matching.noPairs(path));
  return lines;
}

function partsTable(parts: NamePart[], { t, language }: Words) {
  const how = explanationLabels(language).how;
  return (
    <Table
      rows={parts}
      empty={t.matching.noParts}
      columns={[
        { header: t.matching.columns.searched, value: (p) => p.query ?? "" },
        { header: t.matching.columns.listed, value: (p) => p.listed ?? "" },
        { header: t.matching.columns.how, value: (p) => how[p.how] },
        { header: t.matching.columns.similarity, value: (p) => (p.how === "missing" || p.how === "extra" ? "" : percent(p.similarity)) },
      ]}
    />
  );
}

function printPair(request: CompareRequest, answer: PairComparison, shown: Words) {
  const { t } = shown;
  console.log(t.matching.pair(request.query, request.candidate));
  console.log(t.matching.result(percent(answer.score), t.matching.decisions[answer.decision]));
  if (answer.matchedName !== request.candidate) console.log(t.matching.matchedName(answer.matchedName));
  printView(partsTable(answer.explanation.parts, shown));
  console.log(t.matching.weights[answer.weights]);
}

type Answered = { line: number; request: CompareRequest; answer: PairComparison };

function printFileTable(answered: Answered[], shown: Words) {
  const { t, language } = shown;
  printView(
    <Table
      rows={answered}
      empty=""
      columns={[
        { header: t.matching.columns.line, value: (r) => String(r.line) },
        { header: t.matching.columns.score, value: (r) => percent(r.answer.score) },
        { header: t.matching.columns.decision, value: (r) => t.matching.decisions[r.answer.decision] },
        { header: t.matching.columns.query, value: (r) => r.request.query },
        { header: t.matching.columns.candidate, value: (r) => r.request.candidate },
        { header: t.matching.columns.why, value: (r) => describeExplanation(r.answer.explanation.parts, language) },
      ]}
    />,
  );
}

export function registerSanctionsCompare(sanctions: Command) {
  withLanguageOption(sanctions.command("compare"), "language of the output: en, de, es or fr (default en)")
    .description("Score two names against each other as a search would: the score, the decision and which parts matched how")
    .argument("[query]", "the searched name")
    .argument("[candidate]", "the listed name it is compared with")
    .option("--type <type>", "person or company (default: guessed from the candidate)")
    .option("--file <path>", 'a JSON-lines file of {"query", "candidate", "type"}; answers every line in order')
    .option("--json", "print the answer as JSON (with --file: one JSON object a line)")
    .action(async (query: string | undefined, candidate: string | undefined, options: CompareOptions) => {
      const shown = words(askedLanguage(options.language));
      const { t } = shown;
      const twoNames = query !== undefined && candidate !== undefined;
      if (twoNames === !!options.file || (!twoNames && query !== undefined)) failWith(t.matching.namesOrFile);
      let pairs: PairLine[];
      if (options.file) pairs = readPairs(options.file, options.type, shown);
      else {
        const parsed = compareRequestSchema.safeParse({ query, candidate, type: options.type });
        if (!parsed.success) failWith(problemOf(parsed.error));
        pairs = [{ line: 1, request: parsed.data }];
      }

      await withDatabase(async ({ db }) => {
        // The imported lists' index, built once, weighs the name parts of every pair.
        const snapshot = await new SanctionsIndexCache(db).current();
        if (!options.file) {
          const { request } = pairs[0] as Answered;
          const answer = await comparePair(snapshot, request);
          if (options.json) return printJson({ ...request, ...answer });
          return printPair(request, answer, shown);
        }
        const answered: Answered[] = [];
        let bad = 0;
        for (const pair of pairs) {
          if ("problem" in pair) {
            bad++;
            if (options.json) process.stdout.write(`${JSON.stringify({ line: pair.line, error: pair.problem })}\n`);
            else console.error(`duecheck: ${t.matching.badLine(pair.line, pair.problem)}`);
            continue;
          }
          const answer = await comparePair(snapshot, pair.request);
          if (options.json) process.stdout.write(`${JSON.stringify({ line: pair.line, ...pair.request, ...answer })}\n`);
          else answered.push({ ...pair, answer });
        }
        if (!options.json) {
          printFileTable(answered, shown);
          console.log(t.matching.weights[snapshot.versions.length > 0 ? "lists" : "plain"]);
        }
        if (bad > 0) {
          console.error(`duecheck: ${t.matching.badLines(bad)}`);
          process.exitCode = 1;
        }
      });
    });
}
