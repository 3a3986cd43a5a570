import type { Command } from "commander";
import { and, eq } from "drizzle-orm";
import { type Database, runningServer, schema } from "../../data/db.ts";
import { listAllBatches } from "../../lib/batch/admin-read.ts";
import { createBatchJob } from "../../lib/batch/batch-jobs.ts";
import { defaultBatchName } from "../../lib/batch/batch-name.ts";
import { batchRiskCounts, batchView, listBatches, listBatchResults, readBatch } from "../../lib/batch/batch-read.ts";
import { assertCsvFileName, readBatchCsv } from "../../lib/batch/csv.ts";
import { type BatchResultRow, type BatchView, batchName, RISK_LEVELS, riskLevelFilter, type TeamBatchView } from "../../lib/batch/schemas.ts";
import { loadConfig } from "../../lib/config.ts";
import { memberCredits } from "../../lib/credits/ledger.ts";
import { AppError } from "../../lib/errors.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { decodeCursor, type Page } from "../../lib/paging.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { pipelineDepsFromEnv, workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue, SEARCH_CHUNK_QUEUE } from "../../lib/screening/search-queue.ts";
import type { SearchReader } from "../../lib/screening/visibility.ts";
import { getSystemSetting } from "../../lib/settings/system-settings.ts";
import { webhookEventsQueued } from "../../lib/webhooks/search-events.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import { cliInstanceKey } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit } from "../options.ts";
import { batchProgress } from "../ui/batch-progress.tsx";
import { rowDetails, Summary } from "../ui/batch-summary.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";
import { registerBatchExport } from "./batch-export.ts";

interface RunOptions {
  user?: string;
  name?: string;
  detach?: boolean;
  json?: boolean;
  language?: string;
}

/** The CSV, read as a stream with the web's rules and limits; a refused file names its line and nothing is charged. */
async function readCsv(path: string, { t }: Words) {
  try {
    assertCsvFileName(path);
  } catch {
    failWith(t.batch.notCsv);
  }
  const file = Bun.file(path);
  if (!(await file.exists())) failWith(t.batch.cannotRead(path));
  try {
    return await readBatchCsv(file);
  } catch (error) {
    if (error instanceof AppError) failWith(t.batch.fileRefused(path, error.message));
    throw error;
  }
}

/**
 * Who runs the batch's searches, as for `duecheck search`: a server's workers when a server holds the embedded
 * database, this process when it holds the embedded database itself, and on PostgreSQL this process too if no
 * worker has taken any of the batch's searches after a few polls.
 */
async function runOrWatch(
  database: Database,
  queue: JobQueue,
  batchId: string,
  reader: SearchReader,
  show: (c: { done: number; total: number; failed: number }) => void,
) {
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  const serverWorks = embedded && runningServer(config.dataDir) !== null;
  let working = false;
  const startWorking = () => {
    working = true;
    workSearches(queue, pipelineDepsFromEnv(database.db, new SanctionsIndexCache(database.db)));
    queue.wake(SEARCH_CHUNK_QUEUE);
    startWebhookDeliveries(database.db, queue, { sweepSeconds: 0, instanceKey: cliInstanceKey() }).catch((error) =>
      console.error("[duecheck] webhooks:", error),
    );
  };
  if (embedded && !serverWorks) startWorking();
  const graceMs = 2 * queue.settings.pollSeconds * 1000 + 1000;
  const started = Date.now();
  for (;;) {
    const batch = await readBatch(database.db, reader, batchId);
    const done = batch.processedEntities + batch.failedEntities;
    show({ done, total: batch.totalEntities, failed: batch.failedEntities });
    if (batch.status === "completed" || batch.status === "failed") return batch;
    if (!working && !serverWorks && done === 0 && Date.now() - started > graceMs) {
      const s = schema.searches;
      const running = await database.db.$count(s, and(eq(s.batchJobId, batchId), eq(s.status, "processing")));
      if (running === 0) startWorking();
    }
    await Bun.sleep(500);
  }
}

function cursorOf(value: string | undefined, { t }: Words) {
  if (value === undefined) return undefined;
  return decodeCursor(value) ?? failWith(t.batch.cursorInvalid(value));
}

export function registerBatch(program: Command) {
  const batch = program.command("batch").description("Batch screening: a CSV of names screened for one user, charged like the web's batches");
  registerBatchExport(batch);

  withLanguageOption(batch.command("run"))
    .description(
      "Upload a CSV (searchTerm or name, entityType or type, language, country, numLinks, birthDate, nationality, identifiers or a column per kind, customerRef), charge every row and screen them; shows progress until the batch ends",
    )
    .argument("<file>", "the CSV file (up to 100,000 rows or 20 MB)")
    .option("--user <email>", "the account that screens and is charged (default: the first administrator, who is not charged)")
    .option("--name <name>", "the batch's name (default: the file's name without .csv, as in the web app)")
    .option("--detach", "print the batch's id and return; the server's workers screen it")
    .option("--json", "print the batch as JSON (the shape of GET /api/batch-jobs/{id}), without progress")
    .action(async (path: string, options: RunOptions) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const name = batchName.safeParse(options.name ?? defaultBatchName(path));
      if (!name.success) failWith(name.error.issues[0].message);
      const { entities, unknownColumns } = await readCsv(path, early);
      // Named before anything is charged, so a misspelt column is seen, never dropped unseen.
      if (unknownColumns.length) console.error(early.t.batchDetails.unknownColumns(unknownColumns.join(", ")));
      const { finished, shown, risks } = await withCliUser(options.user, asked, async ({ database, user, shown }) => {
        await seedDatasets(database.db);
        const queue = await openSearchQueue(database);
        const progress = batchProgress(!options.json && !options.detach, shown.t);
        try {
          const { batch, creditsRequired } = await createBatchJob({ db: database.db, queue }, { userId: user.id, name: name.data, entities }).catch(
            async (error: unknown) => {
              if (error instanceof AppError && error.status === 402) {
                const cost = await getSystemSetting(database.db, "manualSearchCost");
                failWith(shown.t.batch.insufficientCredits(entities.length, entities.length * cost, await memberCredits(database.db, user.id)));
              }
              throw error;
            },
          );
          if (!options.json) console.log(shown.t.batch.started(batch.id, user.email, entities.length, creditsRequired));
          if (options.detach) {
            if (!options.json) console.log(shown.t.batch.detached(batch.id));
            return { finished: batch, shown, risks: null };
          }
          const finished = await runOrWatch(database, queue, batch.id, user, progress.update);
          return { finished, shown, risks: await batchRiskCounts(database.db, batch.id) };
        } finally {
          progress.done();
          await webhookEventsQueued();
          await queue.stop();
        }
      });
      if (options.json) printJson(batchView(finished));
      else if (risks) printView(<Summary batch={batchView(finished)} risks={risks} words={shown} />);
      if (finished.status === "failed" || finished.failedEntities > 0) process.exitCode = 1;
    });

  withLanguageOption(batch.command("list"))
    .description("A user's batches, newest first, with their progress")
    .option("--user <email>", "whose batches (default: the first administrator)")
    .option("--team", "the whole team's batches the user may read, with who made each (default: the user's own)")
    .option("--all", "every user's batches, each with its owner (the shape of GET /api/admin/batch-jobs)")
    .option("--limit <n>", "batches per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--json", "print as JSON (the shape of GET /api/batch-jobs: items, nextCursor, total)")
    .action(async (options: { user?: string; team?: boolean; all?: boolean; limit: string; cursor?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      if (options.all && options.user) failWith(early.t.exports.userAndAll);
      const limit = parseLimit(options.limit, early);
      const cursor = cursorOf(options.cursor, early);
      type Listed = BatchView & { userEmail?: string; createdBy?: TeamBatchView["createdBy"] };
      const { page, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }): Promise<{ page: Page<Listed>; shown: Words }> => {
        // The CLI works on the database as its operator: --all needs no role, as the exports' --all.
        if (options.all) return { page: await listAllBatches(db, { limit, cursor }), shown };
        return { page: await listBatches(db, user, { limit, cursor, scope: options.team ? "team" : "mine" }), shown };
      });
      if (options.json) return printJson(page);
      const { t } = shown;
      printView(
        <Table
          rows={page.items}
          empty={t.batch.empty}
          columns={[
            { header: t.batch.columns.name, value: (b) => b.name },
            ...(options.all ? [{ header: t.batch.columns.owner, value: (b: Listed) => b.userEmail ?? "" }] : []),
            ...(options.team && !options.all ? [{ header: t.history.columns.by, value: (b: Listed) => b.createdBy?.name ?? "-" }] : []),
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
      if (page.nextCursor)
        console.log(
          t.batch.more(
            `duecheck batch list${options.all ? " --all" : options.user ? ` --user ${options.user}` : ""}${options.team && !options.all ? " --team" : ""} --limit ${limit} --cursor ${page.nextCursor}`,
          ),
        );
    });

  withLanguageOption(batch.command("show"))
    .description("One batch: its progress, then one row per entity (term, type, status, risk, sanctions matches, media)")
    .argument("<id>", "the batch's id")
    .option("--user <email>", "whose batch (default: the first administrator)")
    .option("--risk <level>", `only rows of this risk level: ${RISK_LEVELS.join(", ")}`)
    .option("--limit <n>", "rows per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--json", "print as JSON: { batch, results: { items, nextCursor, total } }")
    .action(async (id: string, options: { user?: string; risk?: string; limit: string; cursor?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const limit = parseLimit(options.limit, early);
      const cursor = cursorOf(options.cursor, early);
      const risk = options.risk === undefined ? undefined : riskLevelFilter.safeParse(options.risk.trim().toLowerCase());
      if (risk && !risk.success) failWith(risk.error.issues[0].message);
      const { found, results, risks, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const found = await readBatch(db, user, id).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) failWith(shown.t.batch.notFound(id));
          throw error;
        });
        const results: Page<BatchResultRow> = await listBatchResults(db, user, id, { limit, cursor, riskLevel: risk?.data });
        return { found, results, risks: await batchRiskCounts(db, found.id), shown };
      });
      if (options.json) return printJson({ batch: batchView(found), results });
      const { t, labels } = shown;
      printView(<Summary batch={batchView(found)} risks={risks} words={shown} />);
      printView(
        <Table
          rows={results.items}
          empty={t.batch.noResults}
          columns={[
            { header: t.batch.columns.term, value: (r) => r.searchTerm },
            // Only when some row of the page gave them: a file of names alone prints as it always did.
            ...(results.items.some((r) => r.customerRef) ? [{ header: t.batchDetails.customerRef, value: (r: BatchResultRow) => r.customerRef ?? "-" }] : []),
            ...(results.items.some((r) => rowDetails(r)) ? [{ header: t.batchDetails.details, value: (r: BatchResultRow) => rowDetails(r) || "-" }] : []),
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
      if (results.nextCursor) {
        const extra = `${options.user ? ` --user ${options.user}` : ""}${risk ? ` --risk ${risk.data}` : ""}`;
        console.log(t.batch.more(`duecheck batch show ${id}${extra} --limit ${limit} --cursor ${results.nextCursor}`));
      }
    });
}
