/** The second step of creating a batch: a pending batch takes its entities, all charged and queued together. */
import { AppError } from "../errors.ts";
import type { ScreeningContext } from "../screening/searches.ts";
import type { TeamMember } from "../screening/visibility.ts";
import { type BatchJobRow, createBatchJob } from "./batch-jobs.ts";
import { batchView } from "./batch-read.ts";
import type { BatchEntity } from "./entity-schema.ts";
import { checkPendingBatch } from "./pending-batch.ts";
import { batchEntitiesSchema, type StartedBatch } from "./schemas.ts";

/** The body's entities, each a valid search; the first bad one is named by its position ("Entity 3: ..."). */
export function parseBatchEntities(body: unknown): BatchEntity[] {
  const parsed = batchEntitiesSchema.safeParse(body);
  if (parsed.success) return parsed.data.entities;
  const issue = parsed.error.issues[0];
  const [, index] = issue.path;
  throw new AppError(400, typeof index === "number" ? `Entity ${index + 1}: ${issue.message}` : issue.message);
}

/**
 * Charges and queues the entities of the member's pending batch: 404 when they do not read it, 403 when it is a
 * colleague's, 409 when it already has its entities, 400 when their number is not the one announced, 402 when the
 * credits do not cover them all.
 */
export async function addBatchEntities(
  ctx: ScreeningContext,
  member: TeamMember,
  batchId: string,
  entities: BatchEntity[],
): Promise<{ batch: BatchJobRow; creditsRequired: number }> {
  const batch = await checkPendingBatch(ctx.db, member, batchId, entities.length);
  return createBatchJob(ctx, { userId: member.id, name: batch.name, entities, batchId: batch.id });
}

/** The answer of POST /api/batch-jobs/{id}/entities: the batch, now processing, with what it was charged. */
export function startedBatchView({ batch, creditsRequired }: { batch: BatchJobRow; creditsRequired: number }): StartedBatch {
  return { ...batchView(batch), creditsRequired };
}
