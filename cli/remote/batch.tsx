/** `duecheck batch run | list | show` against a server: POST /batch, GET /batch, GET /batch/{id} and its results. */
import { basename } from "node:path";
import type { Command } from "commander";
import { batchName, RISK_LEVELS, riskLevelFilter } from "../../lib/batch/schemas.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit } from "../options.ts";
import { batchProgress } from "../ui/batch-progress.tsx";
import { rowDetails, Summary } from "../ui/batch-summary.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { localOnlyCommand, type RemoteOptions, refuseUserOption, remoteClient, withRemoteOptions } from "./client.ts";

/** The rows of each risk level, counted from the batch's searches. */
function riskCounts(searches: { riskLevel: string | null }[]): Partial<Record<string, number>> {
  const counts: Partial<Record<string, number>> = {};
  for (const { riskLevel } of searches) if (riskLevel) counts[riskLevel] = (counts[riskLevel] ?? 0) + 1;
  return counts;
}

/** The file to upload, as a File named as on disk (the server reads only .csv files). */
async function csvFile(path: string, { t }: Words): Promise<File> {
  if (!path.toLowerCase().endsWith(".csv")) failWith(t.batch.notCsv);
  const file = Bun.file(path);
  if (!(await file.exists())) failWith(t.batch.cannotRead(path));
  return new File([await file.arrayBuffer()], basename(path), { type: "text/csv" });
}

export function registerRemoteBatch(program: Command) {
  const batch = program.command("batch").description("Batch screening on the server: a CSV of names screened for the API key's owner, who is charged");
  localOnlyCommand(batch, "export", "Export a batch's results");

  withRemoteOptions(withLanguageOption(batch.command("run")))
    .description("Upload a CSV (Name and Type columns, and the optional ones the web's batches read) to the server, and show progress until the batch ends")
    .argument("<file>", "the CSV file (up to 2 MB through the API)")
    .option("--user <email>", "this machine's database only: against a server the API key's owner screens")
    .option("--name <name>", "the batch's name (default: the file's name without .csv)")
    .option("--detach", "print the batch's id and return; the server screens it")
    .option("--json", "print the batch as JSON (the shape of GET /api/v1/batch/{batchId}), without progress")
    .action(async (path: string, options: RemoteOptions & { user?: string; name?: string; detach?: boolean; json?: boolean; language?: string }) => {
      const shown = words(askedLanguage(options.language));
      const { t } = shown;
      refuseUserOption(options);
      const name = batchName.safeParse(options.name ?? basename(path).replace(/\.csv$/i, ""));
      if (!name.success) failWith(name.error.issues[0].message);
      const client = remoteClient(options);
      const accepted = await client.createBatch({ file: await csvFile(path, shown), name: name.data });
      if (accepted.unknownColumns.length) console.error(t.batchDetails.unknownColumns(accepted.unknownColumns.join(", ")));
      if (!options.json)
        console.log(t.batch.started(accepted.batchId, options.server ?? process.env.DUECHECK_SERVER ?? "", accepted.totalEntities, accepted.creditsRequired));
      if (options.detach) {
        if (options.json) printJson(await client.getBatch(accepted.batchId));
        else console.log(t.batch.detached(accepted.batchId));
        return;
      }
      const progress = batchProgress(!options.json, t);
      let found = await client.getBatch(accepted.batchId);
      try {
        for (;;) {
          progress.update({ done: found.processedEntities + found.failedEntities, total: found.totalEntities, failed: found.failedEntities });
          if (found.status === "completed" || found.status === "failed") break;
          await Bun.sleep(1000);
          found = await client.getBatch(accepted.batchId);
        }
      } finally {
        progress.done();
      }
      if (options.json) printJson(found);
      else printView(<Summary batch={found} risks={riskCounts(found.searches)} words={shown} />);
      if (found.status === "failed" || found.failedEntities > 0) process.exitCode = 1;
    });

  withRemoteOptions(withLanguageOption(batch.command("list")))
    .description("The API key's owner's batches on the server, newest first, with their progress")
    .option("--user <email>", "this machine's database only")
    .option("--team", "the whole team's batches the key's owner may read, with who made each (default: their own)")
    .option("--all", "this machine's database only: every user's batches")
    .option("--limit <n>", "batches per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--json", "print as JSON (the shape of GET /api/v1/batch: items, nextCursor, total)")
    .action(
      async (options: RemoteOptions & { user?: string; team?: boolean; all?: boolean; limit: string; cursor?: string; json?: boolean; language?: string }) => {
        const shown = words(askedLanguage(options.language));
        const { t } = shown;
        refuseUserOption(options);
        if (options.all) failWith("--all works on this machine's database only: against a server, use --team for the team's batches");
        const limit = parseLimit(options.limit, shown);
        const page = await remoteClient(options).listBatches({ limit, cursor: options.cursor, scope: options.team ? "team" : "mine" });
        if (options.json) return printJson(page);
        printView(
          <Table
            rows={page.items}
            empty={t.batch.empty}
            columns={[
              { header: t.batch.columns.name, value: (b) => b.name },
              ...(options.team ? [{ header: t.history.columns.by, value: (b: (typeof page.items)[number]) => b.createdBy.name ?? "-" }] : []),
              { header: t.batch.columns.status, value: (b) => t.statuses[b.status] },
              { header: t.batch.columns.entities, value: (b) => String(b.totalEntities) },
              { header: t.batch.columns.processed, value: (b) => String(b.processedEntities) },
              { header: t.batch.columns.failed, value: (b) => String(b.failedEntities) },
              { header: t.batch.columns.created, value: (b) => minute(b.createdAt) },
              { header: t.batch.columns.completed, value: (b) => minute(b.completedAt) },
              { header: t.batch.columns.id, value: (b) => b.id },
            ]}
          />,
        );
        if (page.nextCursor) console.log(t.batch.more(`duecheck batch list${options.team ? " --team" : ""} --limit ${limit} --cursor ${page.nextCursor}`));
      },
    );

  withRemoteOptions(withLanguageOption(batch.command("show")))
    .description("One batch on the server: its progress, then one row per entity (term, type, status, risk, sanctions matches, media)")
    .argument("<id>", "the batch's id")
    .option("--user <email>", "this machine's database only")
    .option("--risk <level>", `only rows of this risk level: ${RISK_LEVELS.join(", ")}`)
    .option("--limit <n>", "rows per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--json", "print as JSON: { batch, results } (GET /api/v1/batch/{batchId} and GET /api/v1/batch/{batchId}/results)")
    .action(
      async (id: string, options: RemoteOptions & { user?: string; risk?: string; limit: string; cursor?: string; json?: boolean; language?: string }) => {
        const shown = words(askedLanguage(options.language));
        const { t, labels } = shown;
        refuseUserOption(options);
        const limit = parseLimit(options.limit, shown);
        const risk = options.risk === undefined ? undefined : riskLevelFilter.safeParse(options.risk.trim().toLowerCase());
        if (risk && !risk.success) failWith(risk.error.issues[0].message);
        const client = remoteClient(options);
        const found = await client.getBatch(id);
        const results = await client.listBatchResults(id, { limit, cursor: options.cursor, riskLevel: risk?.data });
        if (options.json) return printJson({ batch: found, results });
        printView(<Summary batch={found} risks={riskCounts(found.searches)} words={shown} />);
        printView(
          <Table
            rows={results.items}
            empty={t.batch.noResults}
            columns={[
              { header: t.batch.columns.term, value: (r) => r.searchTerm },
              ...(results.items.some((r) => r.customerRef)
                ? [{ header: t.batchDetails.customerRef, value: (r: (typeof results.items)[number]) => r.customerRef ?? "-" }]
                : []),
              ...(results.items.some((r) => rowDetails(r))
                ? [{ header: t.batchDetails.details, value: (r: (typeof results.items)[number]) => rowDetails(r) || "-" }]
                : []),
              { header: t.batch.columns.type, value: (r) => labels.entity[r.entityType] },
              { header: t.batch.columns.status, value: (r) => t.statuses[r.status] },
              { header: t.batch.columns.risk, value: (r) => (r.riskLevel ? (t.levels[r.riskLevel as keyof typeof t.levels] ?? r.riskLevel) : "-") },
              { header: t.batch.columns.sanctions, value: (r) => (r.status === "completed" ? String(r.sanctionsMatches) : "-") },
              {
                header: t.batch.columns.media,
                value: (r) => (r.status !== "completed" ? "-" : r.mediaCount === null ? t.batch.mediaNotChecked : String(r.mediaCount)),
              },
              { header: t.batch.columns.searchId, value: (r) => r.searchId },
            ]}
          />,
        );
        if (results.nextCursor)
          console.log(t.batch.more(`duecheck batch show ${id}${risk ? ` --risk ${risk.data}` : ""} --limit ${limit} --cursor ${results.nextCursor}`));
      },
    );
}
