import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { unavailableListsNotice } from "../../lib/sanctions/availability.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { searchQuerySchema } from "../../lib/sanctions/datasets/schemas.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { NoSanctionsDataError, resolveDatasets, searchSnapshot } from "../../lib/sanctions/search.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";

interface SearchOptions {
  type?: string;
  dataset: string[];
  limit?: string;
  json?: boolean;
  file?: string;
}

/** The non-blank lines of a terms file, in order. */
function readTerms(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    failWith(`Cannot read ${path}`);
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function registerSanctions(program: Command) {
  const sanctions = program.command("sanctions").description("Screen names against the current sanctions and PEP lists");

  sanctions
    .command("search")
    .description("Search the current versions of the lists; --file answers one term a line, as JSON lines")
    .argument("[term]", "a person's or company's name")
    .option("--type <type>", "person or company")
    .option("--dataset <id>", "sanctions (all sanctions lists, the default), peps (all PEP lists) or a dataset id; repeatable", (v: string, all: string[]) => [...all, v], [])
    .option("--limit <n>", "results per term, 1 to 50", "10")
    .option("--file <path>", 'a file of terms, one a line; prints one {"term", "found", "results"} line each, in order')
    .option("--json", "print the answer as JSON")
    .action(async (term: string | undefined, options: SearchOptions) => {
      if (!term === !options.file) failWith("Give a term or --file (not both)");
      const terms = options.file ? readTerms(options.file) : [term!];
      const checked = terms.map((t) => {
        const parsed = searchQuerySchema.safeParse({ term: t, type: options.type, limit: options.limit });
        if (!parsed.success) failWith(options.file ? `${t}: ${parsed.error.issues[0].message}` : parsed.error.issues[0].message);
        return parsed.data;
      });
      if (options.file && checked.length === 0) failWith(`${options.file} has no terms`);

      await withDatabase(async ({ db }) => {
        await seedDatasets(db);
        try {
          const datasets = await resolveDatasets(db, options.dataset);
          const notice = options.file || options.json ? null : unavailableListsNotice(datasets.states);
          if (notice) console.log(notice);
          // One index for every term: built once from the current versions in the database.
          const snapshot = await new SanctionsIndexCache(db).current();
          if (options.file) {
            for (const query of checked) {
              const answer = await searchSnapshot(snapshot, datasets, query);
              process.stdout.write(JSON.stringify({ term: query.term, found: answer.found, results: answer.results }) + "\n");
            }
            return;
          }
          const answer = await searchSnapshot(snapshot, datasets, checked[0]);
          if (options.json) return printJson(answer);
          console.log(`${answer.found ? "MATCH" : "No match"} for "${checked[0].term}" in ${answer.searched.join(", ")}`);
          if (answer.results.length === 0) return;
          printView(
            <Table
              rows={answer.results}
              empty=""
              columns={[
                { header: "SCORE", value: (r) => `${Math.round(r.score * 100)}%` },
                { header: "MATCH", value: (r) => (r.match ? "yes" : "no") },
                { header: "NAME", value: (r) => r.name },
                { header: "SCHEMA", value: (r) => r.schema },
                { header: "MATCHED NAME", value: (r) => (r.matchedName === r.name ? "" : r.matchedName) },
                { header: "BIRTH", value: (r) => r.birthDate.join("; ") },
                { header: "NATIONALITY", value: (r) => r.nationality.join("; ") },
                { header: "DATASETS", value: (r) => r.datasets.join(", ") },
              ]}
            />,
          );
        } catch (error) {
          if (error instanceof NoSanctionsDataError) failWith(error.message);
          throw error;
        }
      });
    });
}
