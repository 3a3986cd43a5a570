/**
 * A batch is created in two steps: POST /api/batch-jobs makes a batch that has no entities yet ('pending'), then
 * POST /api/batch-jobs/{id}/entities charges and queues them. A batch takes its entities once.
 */
import { and, eq } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { organisationOf } from "../auth/organisation-of.ts";
import { isReadOnly, READ_ONLY_MESSAGE } from "../auth/roles.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { type SearchReader, type TeamMember, teamRecordsOf } from "../screening/visibility.ts";
import type { NewBatch } from "./schemas.ts";

export const BATCH_NOT_FOUND = "Batch not found";
export const OWN_BATCH_ENTITIES_MESSAGE = "Only the member who made this batch adds its entities: they are screened and charged in that member's name";

export async function createPendingBatch(db: Db, userId: string, input: NewBatch) {
  const [row] = await db
    .insert(schema.batchJobs)
    .values({ userId, organisationId: organisationOf(userId), name: input.name, status: "pending", totalEntities: input.totalEntities })
    .returning();
  return row;
}

/**
 * A batch the member reads: their own, or a colleague's as they read the team's searches (lib/screening/visibility.ts).
 * Another organisation's, a colleague's the member may not read, an unknown or a malformed id are all 404 alike.
 */
export async function findTeamBatch(db: Db, reader: SearchReader, batchId: string) {
  if (!isUuid(batchId)) throw new AppError(404, BATCH_NOT_FOUND);
  const [batch] = await db
    .select()
    .from(schema.batchJobs)
    .where(and(eq(schema.batchJobs.id, batchId), teamRecordsOf(schema.batchJobs, reader, "team")));
  if (!batch) throw new AppError(404, BATCH_NOT_FOUND);
  return batch;
}

/**
 * Checked before anything is charged: the batch exists and the member reads it, is their own (403 otherwise: its
 * searches would be screened, charged and capped as its maker's, so not even the team's owners add them), still waits
 * for its entities, and expects this many.
 */
export async function checkPendingBatch(db: Db, member: TeamMember, batchId: string, count: number) {
  const batch = await findTeamBatch(db, member, batchId);
  if (isReadOnly(member)) throw new AppError(403, READ_ONLY_MESSAGE);
  if (batch.userId !== member.id) throw new AppError(403, OWN_BATCH_ENTITIES_MESSAGE);
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
