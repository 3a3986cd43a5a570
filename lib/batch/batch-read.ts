/**
 * Reading batches as a member of the team: the list (paged, newest first; the member's own, or the team's they may
 * read), one batch with its progress, and its results, one row per entity (paged, filtered by risk level). Who reads a
 * colleague's batch is the rule of searches (lib/screening/visibility.ts): a batch is the record of its searches.
 */
import { and, eq, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { personName } from "../auth/person-name.ts";
import { afterCursor, cursorKey, newestFirst, oldestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { ReviewStatus } from "../review/contract.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { type SearchReader, type TeamScope, teamRecordsOf } from "../screening/visibility.ts";
import { findTeamBatch } from "./pending-batch.ts";
import type { BatchResultRow, BatchView, RiskLevel, TeamBatchView } from "./schemas.ts";

type BatchRow = typeof schema.batchJobs.$inferSelect;

/** A batch as the API and the CLI's --json show it; its shape is the browser-safe contract (schemas.ts). */
export function batchView(batch: BatchRow): BatchView {
  return {
    id: batch.id,
    name: batch.name,
    status: batch.status,
    totalEntities: batch.totalEntities,
    processedEntities: batch.processedEntities,
    failedEntities: batch.failedEntities,
    createdAt: batch.createdAt.toISOString(),
    completedAt: batch.completedAt?.toISOString() ?? null,
  };
}

/**
 * The batch's counters from the states of its searches, written back when they changed: once every search has
 * ended the batch is completed, or failed when not one search could be screened. A batch still waiting for its
 * entities stays pending.
 */
export async function syncBatchProgress(db: DbOrTx, batch: BatchRow): Promise<BatchRow> {
  if (batch.status === "pending") return batch;
  const counts = await db
    .select({ status: schema.searches.status, count: sql<number>`count(*)::int` })
    .from(schema.searches)
    .where(eq(schema.searches.batchJobId, batch.id))
    .groupBy(schema.searches.status);
  const count = (status: string) => counts.find((c) => c.status === status)?.count ?? 0;
  const processed = count("completed");
  const failed = count("failed");
  // Its searches were written with the batch, in one transaction: once none is left to run, the batch has ended, even
  // when some were deleted from the history since (they count neither as processed nor as failed).
  const done = count("pending") + count("processing") === 0;
  const status = done ? (processed === 0 && failed > 0 ? "failed" : "completed") : "processing";
  if (batch.processedEntities === processed && batch.failedEntities === failed && batch.status === status) return batch;
  const completedAt = done ? (batch.completedAt ?? new Date()) : null;
  await db.update(schema.batchJobs).set({ processedEntities: processed, failedEntities: failed, status, completedAt }).where(eq(schema.batchJobs.id, batch.id));
  return { ...batch, processedEntities: processed, failedEntities: failed, status, completedAt };
}

/** A batch with the member of the team who made it (the lists and one batch's page say who). */
export function teamBatchView(batch: BatchRow, makerName: string | null): TeamBatchView {
  return { ...batchView(batch), createdBy: { id: batch.userId, name: makerName } };
}

/** A batch the member reads, with its progress; another organisation's, an unknown or a malformed id are 404. */
export async function readBatch(db: Db, reader: SearchReader, batchId: string): Promise<BatchRow> {
  return syncBatchProgress(db, await findTeamBatch(db, reader, batchId));
}

/** A batch the member reads, with its progress and who made it. */
export async function openBatch(db: Db, reader: SearchReader, batchId: string): Promise<TeamBatchView> {
  const batch = await readBatch(db, reader, batchId);
  const [maker] = await db
    .select({ name: personName(schema.batchJobs.userId) })
    .from(schema.batchJobs)
    .where(eq(schema.batchJobs.id, batch.id));
  return teamBatchView(batch, maker?.name ?? null);
}

export interface BatchListRequest extends PageRequest {
  /** The member's own batches (the default), or every one of the team they may read. */
  scope?: TeamScope;
}

/** A page of the member's batches, or of their team's, newest first, each with its progress and who made it. */
export async function listBatches(db: Db, reader: SearchReader, request: BatchListRequest): Promise<Page<TeamBatchView>> {
  const b = schema.batchJobs;
  const keyset = { createdAt: b.createdAt, id: b.id };
  const where = teamRecordsOf(b, reader, request.scope ?? "mine");
  const [rows, total] = await Promise.all([
    db
      .select({ batch: b, makerName: personName(b.userId), cursorKey: cursorKey(keyset), id: b.id })
      .from(b)
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.$count(b, where),
  ]);
  const page = toPage(rows, request.limit, total, (row) => row);
  const items: TeamBatchView[] = [];
  // Only unfinished batches are counted again; a finished one's counters are final.
  for (const { batch, makerName } of page.items) {
    items.push(teamBatchView(batch.status === "processing" ? await syncBatchProgress(db, batch) : batch, makerName));
  }
  return { ...page, items };
}

export interface BatchResultsRequest extends PageRequest {
  riskLevel?: RiskLevel;
}

/** One row per entity of a batch the member reads, a page at a time in the file's order, optionally of one risk level. */
export async function listBatchResults(db: Db, reader: SearchReader, batchId: string, request: BatchResultsRequest): Promise<Page<BatchResultRow>> {
  return batchResultsOf(db, await findTeamBatch(db, reader, batchId), request);
}

/** The rows of a batch already found (one the member reads, or any for admins and auditors). */
export async function batchResultsOf(db: Db, batch: BatchRow, request: BatchResultsRequest): Promise<Page<BatchResultRow>> {
  const s = schema.searches;
  const keyset = { createdAt: s.createdAt, id: s.id };
  const where = and(eq(s.batchJobId, batch.id), request.riskLevel ? eq(s.riskLevel, request.riskLevel) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: s.id,
        searchTerm: s.searchTerm,
        entityType: s.entityType,
        status: s.status,
        riskLevel: s.riskLevel,
        reviewStatus: sql<ReviewStatus | null>`case when ${s.status} = 'completed' then ${s.reviewStatus} end`,
        openHits: s.openHits,
        sanctionsMatches: sql<number>`coalesce((select count(*)::int from jsonb_array_elements(${s.results}->'sanctionsList') e where (e->>'match')::boolean), 0)`,
        // as mediaChecked() (lib/screening/results.ts) decides it: an article found, or a news source that answered
        mediaCount: sql<number | null>`case
          when ${s.results} is null or jsonb_array_length(coalesce(${s.results}->'adverseMedia', '[]'::jsonb)) > 0
            or exists (select 1 from jsonb_array_elements(coalesce(${s.results}->'sources', '[]'::jsonb)) m where m->>'kind' = 'media' and m->>'status' = 'ok')
          then coalesce(jsonb_array_length(${s.results}->'adverseMedia'), 0)
        end`,
        details: s.details,
        customerRef: s.customerRef,
        cursorKey: cursorKey(keyset),
      })
      .from(s)
      .where(and(where, afterCursor(keyset, request.cursor, "oldest")))
      .orderBy(...oldestFirst(keyset))
      .limit(request.limit + 1),
    db.$count(s, where),
  ]);
  return toPage(rows, request.limit, total, ({ id, details: raw, ...row }) => {
    const details = readSearchDetails(raw);
    return {
      searchId: id,
      ...row,
      birthDate: details?.birthDate ?? null,
      nationality: details?.nationality ?? null,
      identifiers: details?.identifiers ?? [],
    };
  });
}

/** How many of the batch's searches ended at each risk level (the summary of the CLI and the PDF). */
export async function batchRiskCounts(db: DbOrTx, batchId: string): Promise<Partial<Record<RiskLevel, number>>> {
  const rows = await db
    .select({ riskLevel: schema.searches.riskLevel, count: sql<number>`count(*)::int` })
    .from(schema.searches)
    .where(and(eq(schema.searches.batchJobId, batchId), eq(schema.searches.status, "completed")))
    .groupBy(schema.searches.riskLevel);
  return Object.fromEntries(rows.filter((r) => r.riskLevel).map((r) => [r.riskLevel, r.count]));
}
