import { resolve } from "node:path";
import type { Command } from "commander";
import { exportDatasetVersion } from "../../lib/sanctions/datasets/export-file.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { withDatabase } from "../database.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";

/** `datasets export ID FILE`: the current version as one file, for `datasets import` on an installation without internet. */
export function registerDatasetExport(datasets: Command) {
  withLanguageOption(datasets.command("export"), "language of the output: en, de, es or fr (default en)")
    .description("Write the current version of a dataset to one file (gzip'd JSON lines with its source date and checksum) for `datasets import` elsewhere")
    .argument("<id>", "dataset id")
    .argument("<file>", "the file to write, e.g. us_ofac_sdn.duecheck.jsonl.gz")
    .option("--json", "print the file's header as JSON")
    .action(async (id: string, file: string, options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const path = resolve(file);
      const header = await withDatabase(async ({ db }) => {
        await seedDatasets(db);
        return exportDatasetVersion(db, id, path);
      });
      if (options.json) return printJson({ file: path, ...header });
      console.log(t.datasetExport.written(header.dataset_id, path, header.source_date, header.entity_count, header.checksum));
    });
}
