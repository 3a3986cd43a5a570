/**
 * Every user's batches for those who read the admin views (admins, auditors): the list with each batch's owner, one
 * batch and its rows. Read-only: nothing here changes a batch; owners keep their own routes (another user's is 404).
 */
import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import { type BatchResultsRequest, batchResultsOf, batchView, syncBatchProgress } from "./batch-read.ts";
import { BATCH_NOT_FOUND } from "./pending-batch.ts";
import type { AdminBatchesFilter, AdminBatchView, BatchResultRow } from "./schemas.ts";

const b = schema.batchJobs;
const u = schema.users;

/** Who reads: recorded when one batch is opened, as opening another user's search is. */
export interface BatchReader {
  userId?: string | null;
  ipAddress?: string | null;
}

/** A page of every user's batches, newest first, each with its owner and progress; filtered by owner or text. */
export async function listAllBatches(db: Db, request: PageRequest & AdminBatchesFilter): Promise<Page<AdminBatchView>> {
  const keyset = { createdAt: b.createdAt, id: b.id };
  const where: SQL | undefined = and(
    request.userId ? eq(b.userId, request.userId) : undefined,
    request.q ? or(ilike(b.name, containsPattern(request.q)), ilike(u.email, containsPattern(request.q))) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ batch: b, userEmail: u.email, cursorKey: cursorKey(keyset), id: b.id })
      .from(b)
      .innerJoin(u, eq(u.id, b.userId))
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(b)
      .innerJoin(u, eq(u.id, b.userId))
      .where(where)
      .then(([row]) => row.n),
  ]);
  const page = toPage(rows, request.limit, total, (row) => row);
  const items: AdminBatchView[] = [];
  // Only unfinished batches are counted again; a finished one's counters are final.
  for (const { batch, userEmail } of page.items) {
    const synced = batch.status === "processing" ? await syncBatchProgress(db, batch) : batch;
    items.push({ ...batchView(synced), userId: batch.userId, userEmail });
  }
  return { ...page, items };
}

async function findAnyBatch(db: Db, batchId: string) {
  if (!isUuid(batchId)) throw new AppError(404, BATCH_NOT_FOUND);
  const [found] = await db.select({ batch: b, userEmail: u.email }).from(b).innerJoin(u, eq(u.id, b.userId)).where(eq(b.id, batchId));
  if (!found) throw new AppError(404, BATCH_NOT_FOUND);
  return found;
}

/** Any user's batch with its progress and owner; an unknown or malformed id is 404. Audited (batch.viewed_by_admin). */
export async function viewBatchAsAdmin(db: Db, reader: BatchReader, batchId: string): Promise<AdminBatchView> {
  const { batch, userEmail } = await findAnyBatch(db, batchId);
  const synced = await syncBatchProgress(db, batch);
  await recordAudit(db, {
    action: "batch.viewed_by_admin",
    actorKind: "admin",
    actorUserId: reader.userId ?? null,
    ipAddress: reader.ipAddress ?? null,
    targetType: "batch",
    targetId: batch.id,
    details: { ownerId: batch.userId, name: batch.name },
  });
  return { ...batchView(synced), userId: batch.userId, userEmail };
}

/** Any user's batch's rows, as its owner reads them (hidden rows included: the batch is the record of what was run). */
export async function listAnyBatchResults(db: Db, batchId: string, request: BatchResultsRequest): Promise<Page<BatchResultRow>> {
  const { batch } = await findAnyBatch(db, batchId);
  return batchResultsOf(db, batch, request);
}
