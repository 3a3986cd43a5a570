import type { Command } from "commander";
import type { Db } from "../../data/db.ts";
import { addCustomDataset, datasetView, getDataset, listDatasets, setDatasetUrls } from "../../lib/sanctions/datasets/catalog.ts";
import { DownloadFailedError, type DownloadResult, downloadDataset } from "../../lib/sanctions/datasets/download.ts";
import { downloadAllDatasets } from "../../lib/sanctions/datasets/download-all.ts";
import { readImportFiles } from "../../lib/sanctions/datasets/import.ts";
import { importDataset } from "../../lib/sanctions/datasets/import-any.ts";
import { downloadsOffline } from "../../lib/sanctions/datasets/offline.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { addDatasetSchema, updateDatasetSchema } from "../../lib/sanctions/datasets/schemas.ts";
import { loadDatasetSettings } from "../../lib/sanctions/datasets/settings.ts";
import { CLI_MAX_UNPACKED_BYTES } from "../../lib/sanctions/datasets/unpack-budget.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import type { CliText } from "../i18n/index.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { formatBytes, progressReporter } from "../ui/download-progress.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { printOfflineNotice, registerDatasetChoice } from "./datasets-choice.tsx";
import { registerDatasetExport } from "./datasets-export.ts";

/** The datasets registry is seeded by the server at start, and by every dataset command (it may run first). */
const withDatasets = <T,>(work: (db: Db) => Promise<T>) =>
  withDatabase(async ({ db }) => {
    await seedDatasets(db);
    return work(db);
  });

const CLI = { kind: "cli" } as const;

function describeResult(t: CliText, id: string, result: DownloadResult, imported = false): string {
  if (result.status === "not_modified") {
    const v = result.version ? { date: result.version.version_date, entities: result.version.entity_count } : undefined;
    return imported ? t.datasets.identical(id, v) : t.datasets.notModified(id, v);
  }
  const v = result.version;
  const line = t.datasets.newVersion(id, v.version_date, v.entity_count, formatBytes(v.file_size));
  return result.skipped_lines ? `${line}; ${t.datasets.skippedLines(result.skipped_lines)}` : line;
}

/** Adds --language (English unless asked: these commands are about no one user). */
const languageOption = (command: Command) => withLanguageOption(command, "language of the output: en, de, es or fr (default en)");
type WithLanguage = { language?: string };

/** `sdn.csv=https://...` names a file; a plain URL keeps the name of the file in its position (see --help). */
function parseUrlArgument(arg: string) {
  const named = /^([^/:=]+)=(https?:\/\/.*)$/i.exec(arg);
  return named ? { name: named[1], url: named[2] } : { url: arg };
}

export function registerDatasets(program: Command) {
  const datasets = program.command("datasets").description("Sanctions and PEP datasets: list, download, import, mirrors");

  languageOption(datasets.command("list"))
    .description("Every dataset with its last download and current version")
    .option("--json", "print as JSON (the shape of GET /api/sanctions/datasets)")
    .action(async (options: { json?: boolean } & WithLanguage) => {
      const { t } = words(askedLanguage(options.language));
      const { rows, offline } = await withDatasets(async (db) => ({ rows: await listDatasets(db), offline: await downloadsOffline(db) }));
      if (options.json) return printJson(rows);
      printView(
        <Table
          rows={rows}
          empty={t.datasets.none}
          columns={[
            { header: t.datasets.columns.id, value: (d) => d.id },
            { header: t.listChoice.column, value: (d) => (d.enabled ? t.listChoice.yes : t.listChoice.no) },
            { header: t.datasets.columns.type, value: (d) => t.datasets.types[d.dataset_type] },
            { header: t.datasets.columns.format, value: (d) => d.format },
            { header: t.datasets.columns.auto, value: (d) => (d.auto_download ? t.datasets.every(d.download_frequency) : t.datasets.off) },
            { header: t.datasets.columns.status, value: (d) => t.datasets.statuses[d.last_download_status ?? "never"] },
            { header: t.datasets.columns.lastDownload, value: (d) => d.last_download_at?.slice(0, 16).replace("T", " ") ?? "-" },
            // After a failed attempt the current version is still the one searched.
            {
              header: t.datasets.columns.inUse,
              value: (d) =>
                d.recent_versions
                  .find((v) => v.is_current)
                  ?.version_date.slice(0, 16)
                  .replace("T", " ") ?? t.datasets.noVersion,
            },
            { header: t.datasets.columns.size, value: (d) => (d.last_download_size === null ? "-" : formatBytes(d.last_download_size)) },
            { header: t.datasets.columns.entities, value: (d) => String(d.recent_versions.find((v) => v.is_current)?.entity_count ?? "-") },
            { header: t.datasets.columns.versions, value: (d) => String(d.recent_versions.length) },
            { header: t.datasets.columns.error, value: (d) => (d.last_download_status === "failed" ? (d.last_download_error ?? "") : "") },
          ]}
        />,
      );
      printOfflineNotice(offline, t);
    });

  registerDatasetChoice(datasets, withDatasets);

  languageOption(datasets.command("download"))
    .description("Download a dataset now (or every dataset with --all); an unchanged source is 'not modified'")
    .argument("[id]", "dataset id, as in `datasets list`")
    .option("--all", "download every dataset; exits 1 if any failed")
    .option("--json", "print the result as JSON, without progress")
    .action(async (id: string | undefined, options: { all?: boolean; json?: boolean } & WithLanguage) => {
      const { t } = words(askedLanguage(options.language));
      if (!id === !options.all) failWith(t.datasets.idOrAll);
      const settings = loadDatasetSettings();
      const progress = progressReporter(!options.json, t);
      try {
        await withDatasets(async (db) => {
          if (options.all) {
            const result = await downloadAllDatasets(db, { settings, actor: CLI, onProgress: progress.update });
            progress.done();
            if (options.json) printJson(result);
            else {
              for (const r of result.results)
                console.log(r.status === "failed" ? t.datasets.failedLine(r.id, r.error ?? "") : `${r.id}: ${t.datasets.results[r.status]}`);
              console.log(t.datasets.summary(result.summary.successful, result.summary.failed));
            }
            if (result.summary.failed > 0) process.exitCode = 1;
            return;
          }
          const dataset = await getDataset(db, id!);
          const result = await downloadDataset(db, dataset.id, { settings, actor: CLI, onProgress: (p) => progress.update(dataset.id, p) });
          progress.done();
          if (options.json) printJson(result);
          else console.log(describeResult(t, dataset.id, result));
        });
      } catch (error) {
        progress.done();
        if (error instanceof DownloadFailedError) failWith(t.datasets.downloadFailed(error.datasetId, error.message));
        throw error;
      }
    });

  languageOption(datasets.command("import"))
    .description(
      "Import local files as a new version (for installs without internet access): the list's files, a folder of them, a zip of them, or a file written by `datasets export`",
    )
    .argument("<id>", "dataset id")
    .argument("<paths...>", "files or folders, named as the source publishes them (sdn.csv, consolidated.xml, ...)")
    .option("--json", "print the result as JSON")
    .action(async (id: string, paths: string[], options: { json?: boolean } & WithLanguage) => {
      const { t } = words(askedLanguage(options.language));
      const files = readImportFiles(paths);
      const settings = loadDatasetSettings();
      const result = await withDatasets((db) =>
        importDataset(db, id, files, { actor: CLI, timeoutMs: settings.downloadTimeoutMs, maxUnpackedBytes: CLI_MAX_UNPACKED_BYTES }),
      );
      if (options.json) printJson(result);
      else console.log(describeResult(t, id, result, true));
    });

  registerDatasetExport(datasets);

  languageOption(datasets.command("add"))
    .description("Add a custom dataset, e.g. any OpenSanctions collection (it is downloaded with the others)")
    .argument("<name>", "the dataset's name, shown as its source; its id is made from it")
    .requiredOption("--type <type>", "sanctions or pep")
    .requiredOption("--format <format>", "ofac_csv, un_xml, eu_xml, uk_fcdo_csv, opensanctions_ftm or opensanctions_senzing")
    .requiredOption("--url <urls...>", "one URL per file, as NAME=URL or just URL")
    .option("--description <text>", "shown on the dataset's card")
    .option("--frequency <hours>", "download every N hours (1-168, default 6)")
    .option("--no-auto", "do not download on a schedule")
    .option("--json", "print the dataset as JSON")
    .action(
      async (
        name: string,
        options: { type: string; format: string; url: string[]; description?: string; frequency?: string; auto: boolean; json?: boolean } & WithLanguage,
      ) => {
        const { t } = words(askedLanguage(options.language));
        const parsed = addDatasetSchema.safeParse({
          name,
          type: options.type,
          format: options.format,
          urls: options.url.map(parseUrlArgument),
          description: options.description,
          auto_download: options.auto,
          download_frequency: options.frequency === undefined ? undefined : Number(options.frequency),
        });
        if (!parsed.success) failWith(parsed.error.issues[0].message);
        const view = await withDatasets(async (db) => {
          const row = await addCustomDataset(db, parsed.data, CLI);
          return datasetView(db, row.id);
        });
        if (options.json) return printJson(view);
        console.log(t.datasets.added(t.datasets.types[view.dataset_type], view.id, view.format));
      },
    );

  languageOption(datasets.command("set-url"))
    .description("Point a dataset at other URLs, e.g. a mirror on an air-gapped network")
    .argument("<id>", "dataset id")
    .argument(
      "<urls...>",
      "one URL per file, as NAME=URL or just URL; a plain URL keeps the file name of its position when the number of files is unchanged (the order of `datasets list --json`), otherwise takes the URL's last path segment",
    )
    .option("--json", "print the dataset as JSON")
    .action(async (id: string, urls: string[], options: { json?: boolean } & WithLanguage) => {
      const { t } = words(askedLanguage(options.language));
      const parsed = updateDatasetSchema.safeParse({ urls: urls.map(parseUrlArgument) });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const view = await withDatasets(async (db) => {
        await setDatasetUrls(db, id, parsed.data.urls!, CLI);
        return datasetView(db, id);
      });
      if (options.json) return printJson(view);
      console.log(t.datasets.urlsNow(view.id));
      for (const file of view.urls) console.log(`  ${file.name}  ${file.url}`);
    });
}
