/**
 * `duecheck sanctions search | compare` against a server: GET /sanctions/search and POST /sanctions/compare (free of
 * charge, the read scope), one call a term or pair with --file. The answers' shapes are the local commands'.
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { describeExplanation, explanationLabels } from "../../lib/reports/explanation.ts";
import { compareRequestSchema } from "../../lib/sanctions/compare-contract.ts";
import { searchQuerySchema } from "../../lib/sanctions/datasets/schemas.ts";
import { detailsFromText, searchDetailsSchema } from "../../lib/screening/schemas.ts";
import { checkIdentifierOptions, evidenceWords, withDetailsOptions } from "../details-options.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { ListSearchTable } from "../ui/list-search-table.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { type RemoteOptions, remoteClient, withRemoteOptions } from "./client.ts";

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** The non-blank lines of a file, each with its line number. */
function lines(path: string, cannotRead: (path: string) => string): { line: number; text: string }[] {
  let content: string;
  try {
    content = readFileSync(path, "utf8");
  } catch {
    failWith(cannotRead(path));
  }
  return content
    .split(/\r?\n/)
    .map((text, i) => ({ line: i + 1, text: text.trim() }))
    .filter((l) => l.text !== "");
}

interface SearchOptions extends RemoteOptions {
  type?: string;
  dataset: string[];
  limit?: string;
  json?: boolean;
  file?: string;
  language?: string;
  birthDate?: string;
  nationality?: string;
  identifier: string[];
}

function registerSearch(sanctions: Command) {
  const command = withLanguageOption(sanctions.command("search"), "language of the output: en, de, es or fr (default en)")
    .description("Search the server's current versions of the lists; --file answers one term a line, as JSON lines")
    .argument("[term]", "a person's or company's name")
    .option("--type <type>", "person or company")
    .option("--dataset <id>", "sanctions (the default), peps or a dataset id; repeatable", (v: string, all: string[]) => [...all, v], [])
    .option("--limit <n>", "results per term, 1 to 50", "10")
    .option("--file <path>", 'a file of terms, one a line; prints one {"term", "found", "results"} line each, in order')
    .option("--json", "print the answer as JSON (the shape of GET /api/v1/sanctions/search)");
  withRemoteOptions(withDetailsOptions(command)).action(async (term: string | undefined, options: SearchOptions) => {
    const shown = words(askedLanguage(options.language));
    const { t, language } = shown;
    if (!term === !options.file) failWith(t.sanctions.termOrFile);
    checkIdentifierOptions(options.identifier, shown);
    const details = searchDetailsSchema
      .optional()
      .safeParse(detailsFromText({ birthDate: options.birthDate, nationality: options.nationality, identifiers: options.identifier }));
    if (!details.success) failWith(details.error.issues[0].message);
    const terms = options.file ? lines(options.file, t.sanctions.cannotRead).map((l) => l.text) : [term!];
    if (options.file && terms.length === 0) failWith(t.sanctions.noTerms(options.file));
    const queries = terms.map((line) => {
      const parsed = searchQuerySchema.safeParse({ term: line, type: options.type, limit: options.limit });
      if (!parsed.success) failWith(options.file ? `${line}: ${parsed.error.issues[0].message}` : parsed.error.issues[0].message);
      return parsed.data;
    });
    const client = remoteClient(options);
    const given = details.data;
    const ask = (query: (typeof queries)[number]) =>
      client.searchSanctionsLists({
        ...query,
        dataset: options.dataset.length ? options.dataset : undefined,
        birthDate: given?.birthDate,
        nationality: given?.nationality,
        identifier: given?.identifiers?.map((i) => `${i.kind}:${i.value}`),
      });
    if (options.file) {
      for (const query of queries) {
        const answer = await ask(query);
        process.stdout.write(`${JSON.stringify({ term: query.term, found: answer.found, results: answer.results })}\n`);
      }
      return;
    }
    const answer = await ask(queries[0]);
    if (options.json) return printJson(answer);
    console.log(t.sanctions.answer(answer.found, queries[0].term, answer.searched.join(", ")));
    if (answer.results.length === 0) return;
    printView(<ListSearchTable results={answer.results} shown={shown} language={language} />);
    for (const line of answer.results.map((r) => evidenceWords(r, given?.birthDate, shown)).filter(Boolean)) console.log(line);
  });
}

type Pair = { line: number; request: { query: string; candidate: string; type?: "person" | "company" } } | { line: number; problem: string };

/** A JSON-lines file of pairs, each line checked on its own: a bad line does not stop the others. */
function readPairs(path: string, defaultType: string | undefined, { t }: Words): Pair[] {
  const pairs: Pair[] = lines(path, t.matching.cannotRead).map(({ line, text }) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { line, problem: t.matching.notJson };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { line, problem: t.matching.notObject };
    const fields = value as Record<string, unknown>;
    const parsed = compareRequestSchema.safeParse(fields.type === undefined && defaultType !== undefined ? { ...fields, type: defaultType } : fields);
    return parsed.success ? { line, request: parsed.data } : { line, problem: parsed.error.issues[0].message };
  });
  if (pairs.length === 0) failWith(t.matching.noPairs(path));
  return pairs;
}

function registerCompare(sanctions: Command) {
  withRemoteOptions(withLanguageOption(sanctions.command("compare"), "language of the output: en, de, es or fr (default en)"))
    .description("Score two names against each other on the server, as a search would: the score, the decision and which parts matched how")
    .argument("[query]", "the searched name")
    .argument("[candidate]", "the listed name it is compared with")
    .option("--type <type>", "person or company (default: guessed from the candidate)")
    .option("--file <path>", 'a JSON-lines file of {"query", "candidate", "type"}; answers every line in order')
    .option("--json", "print the answer as JSON (with --file: one JSON object a line)")
    .action(
      async (
        query: string | undefined,
        candidate: string | undefined,
        options: RemoteOptions & { type?: string; file?: string; json?: boolean; language?: string },
      ) => {
        const shown = words(askedLanguage(options.language));
        const { t, language } = shown;
        const twoNames = query !== undefined && candidate !== undefined;
        if (twoNames === !!options.file || (!twoNames && query !== undefined)) failWith(t.matching.namesOrFile);
        let pairs: Pair[];
        if (options.file) pairs = readPairs(options.file, options.type, shown);
        else {
          const parsed = compareRequestSchema.safeParse({ query, candidate, type: options.type });
          if (!parsed.success) failWith(parsed.error.issues[0].message);
          pairs = [{ line: 1, request: parsed.data }];
        }
        const client = remoteClient(options);
        if (!options.file) {
          const { request } = pairs[0] as Extract<Pair, { request: unknown }>;
          const answer = await client.compareNames(request);
          if (options.json) return printJson({ ...request, ...answer });
          console.log(t.matching.pair(request.query, request.candidate));
          console.log(t.matching.result(percent(answer.score), t.matching.decisions[answer.decision]));
          if (answer.matchedName !== request.candidate) console.log(t.matching.matchedName(answer.matchedName));
          const how = explanationLabels(language).how;
          printView(
            <Table
              rows={answer.explanation.parts}
              empty={t.matching.noParts}
              columns={[
                { header: t.matching.columns.searched, value: (p) => p.query ?? "" },
                { header: t.matching.columns.listed, value: (p) => p.listed ?? "" },
                { header: t.matching.columns.how, value: (p) => how[p.how] },
                { header: t.matching.columns.similarity, value: (p) => (p.how === "missing" || p.how === "extra" ? "" : percent(p.similarity)) },
              ]}
            />,
          );
          return console.log(t.matching.weights[answer.weights]);
        }
        const rows: { line: number; query: string; candidate: string; score: number; decision: "match" | "near_miss" | "no_match"; why: string }[] = [];
        let bad = 0;
        let weights: "lists" | "plain" = "plain";
        for (const pair of pairs) {
          if ("problem" in pair) {
            bad++;
            if (options.json) process.stdout.write(`${JSON.stringify({ line: pair.line, error: pair.problem })}\n`);
            else console.error(`duecheck: ${t.matching.badLine(pair.line, pair.problem)}`);
            continue;
          }
          const answer = await client.compareNames(pair.request);
          weights = answer.weights;
          if (options.json) process.stdout.write(`${JSON.stringify({ line: pair.line, ...pair.request, ...answer })}\n`);
          else rows.push({ line: pair.line, ...pair.request, ...answer, why: describeExplanation(answer.explanation.parts, language) });
        }
        if (!options.json) {
          printView(
            <Table
              rows={rows}
              empty=""
              columns={[
                { header: t.matching.columns.line, value: (r) => String(r.line) },
                { header: t.matching.columns.score, value: (r) => percent(r.score) },
                { header: t.matching.columns.decision, value: (r) => t.matching.decisions[r.decision] },
                { header: t.matching.columns.query, value: (r) => r.query },
                { header: t.matching.columns.candidate, value: (r) => r.candidate },
                { header: t.matching.columns.why, value: (r) => r.why },
              ]}
            />,
          );
          console.log(t.matching.weights[weights]);
        }
        if (bad > 0) {
          console.error(`duecheck: ${t.matching.badLines(bad)}`);
          process.exitCode = 1;
        }
      },
    );
}

export function registerRemoteSanctions(program: Command) {
  const sanctions = program.command("sanctions").description("Screen names against the server's current sanctions and PEP lists");
  registerSearch(sanctions);
  registerCompare(sanctions);
}
