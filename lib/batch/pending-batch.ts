/**
 * A batch is created in two steps: POST /api/batch-jobs makes a batch that has no entities yet ('pending'), then
 * POST /api/batch-jobs/{id}/entities charges and queues them. A batch takes its entities once.
 */
import { and, eq } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { organisationOf } from "../auth/organisation-of.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { NewBatch } from "./schemas.ts";

export const BATCH_NOT_FOUND = "Batch not found";

export async function createPendingBatch(db: Db, userId: string, input: NewBatch) {
  const [row] = await db
    .insert(schema.batchJobs)
    .values({ userId, organisationId: organisationOf(userId), name: input.name, status: "pending", totalEntities: input.totalEntities })
    .returning();
  return row;
}

/** The user's batch, or 404 for another user's, an unknown or a malformed id alike. */
export async function findOwnBatch(db: Db, userId: string, batchId: string) {
  if (!isUuid(batchId)) throw new AppError(404, BATCH_NOT_FOUND);
  const [batch] = await db
    .select()
    .from(schema.batchJobs)
    .where(and(eq(schema.batchJobs.id, batchId), eq(schema.batchJobs.userId, userId)));
  if (!batch) throw new AppError(404, BATCH_NOT_FOUND);
  return batch;
}

/** Checked before anything is charged: the batch exists, is the user's, still waits for its entities, and expects this many. */
export async function checkPendingBatch(db: Db, userId: string, batchId: string, count: number) {
  const batch = await findOwnBatch(db, userId, batchId);
  if (batch.status !== "pending") throw new AppError(409, "This batch already has its entities");
  if (batch.totalEntities !== count) {
    throw new AppError(400, `The batch was created for ${batch.totalEntities} entities, but ${count} were sent`);
  }
  return batch;
}

/**
 * Inside the transaction that charges and queues the entities: the batch turns 'processing' only if it still was
 * 'pending' (the row lock makes a second, simultaneous call wait and then find it taken: 409).
 */
export async function claimPendingBatch(tx: DbOrTx, userId: string, batchId: string) {
  const [row] = await tx
    .update(schema.batchJobs)
    .set({ status: "processing" })
    .where(and(eq(schema.batchJobs.id, batchId), eq(schema.batchJobs.userId, userId), eq(schema.batchJobs.status, "pending")))
    .returning();
  if (!row) throw new AppError(409, "This batch already has its entities");
  return row;
}
