import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { listsFailedOffline } from "../../lib/sanctions/availability.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { searchQuerySchema } from "../../lib/sanctions/datasets/schemas.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { NoSanctionsDataError, resolveDatasets, searchSnapshot } from "../../lib/sanctions/search.ts";
import { detailsFromText, searchDetailsSchema } from "../../lib/screening/schemas.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { listsMissingNotice } from "../i18n/index.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { ListSearchTable } from "../ui/list-search-table.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { registerSanctionsCompare } from "./sanctions-compare.tsx";
import { checkIdentifierOptions, evidenceWords, withDetailsOptions } from "./search.tsx";

interface SearchOptions {
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

/** The non-blank lines of a terms file, in order. */
function readTerms(path: string, { t }: Words): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    failWith(t.sanctions.cannotRead(path));
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function registerSanctions(program: Command) {
  const sanctions = program.command("sanctions").description("Screen names against the current sanctions and PEP lists");

  const searchCommand = withLanguageOption(sanctions.command("search"), "language of the output: en, de, es or fr (default en)")
    .description("Search the current versions of the lists; --file answers one term a line, as JSON lines")
    .argument("[term]", "a person's or company's name")
    .option("--type <type>", "person or company")
    .option(
      "--dataset <id>",
      "sanctions (all sanctions lists, the default), peps (all PEP lists) or a dataset id; repeatable",
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .option("--limit <n>", "results per term, 1 to 50", "10")
    .option("--file <path>", 'a file of terms, one a line; prints one {"term", "found", "results"} line each, in order')
    .option("--json", "print the answer as JSON");
  withDetailsOptions(searchCommand).action(async (term: string | undefined, options: SearchOptions) => {
    const shown = words(askedLanguage(options.language));
    const { t, language } = shown;
    if (!term === !options.file) failWith(t.sanctions.termOrFile);
    checkIdentifierOptions(options.identifier, shown);
    const givenDetails = searchDetailsSchema
      .optional()
      .safeParse(detailsFromText({ birthDate: options.birthDate, nationality: options.nationality, identifiers: options.identifier }));
    if (!givenDetails.success) failWith(givenDetails.error.issues[0].message);
    const details = givenDetails.data;
    const terms = options.file ? readTerms(options.file, shown) : [term!];
    const checked = terms.map((line) => {
      const parsed = searchQuerySchema.safeParse({ term: line, type: options.type, limit: options.limit });
      if (!parsed.success) failWith(options.file ? `${line}: ${parsed.error.issues[0].message}` : parsed.error.issues[0].message);
      return { ...parsed.data, ...(details ? { details } : {}) };
    });
    if (options.file && checked.length === 0) failWith(t.sanctions.noTerms(options.file));

    await withDatabase(async ({ db }) => {
      await seedDatasets(db);
      try {
        const datasets = await resolveDatasets(db, options.dataset);
        const notice = options.file || options.json ? null : listsMissingNotice(t, datasets.states, await listsFailedOffline(db, datasets.states));
        if (notice) console.log(notice);
        // One index for every term: built once from the current versions in the database.
        const snapshot = await new SanctionsIndexCache(db).current();
        if (options.file) {
          for (const query of checked) {
            const answer = await searchSnapshot(snapshot, datasets, query);
            process.stdout.write(`${JSON.stringify({ term: query.term, found: answer.found, results: answer.results })}\n`);
          }
          return;
        }
        const answer = await searchSnapshot(snapshot, datasets, checked[0]);
        if (options.json) return printJson(answer);
        console.log(t.sanctions.answer(answer.found, checked[0].term, answer.searched.join(", ")));
        if (answer.results.length === 0) return;
        printView(<ListSearchTable results={answer.results} shown={shown} language={language} />);
        // Query by example: what the details said of each listing (an identifier that decided it, a birth date that differs).
        for (const line of answer.results.map((r) => evidenceWords(r, details?.birthDate, shown)).filter(Boolean)) console.log(line);
      } catch (error) {
        if (error instanceof NoSanctionsDataError) failWith(t.sanctions.noData(error.selection));
        throw error;
      }
    });
  });

  registerSanctionsCompare(sanctions);
}
