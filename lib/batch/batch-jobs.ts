import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { organisationOf } from "../auth/organisation-of.ts";
import { hasUnlimitedCredits } from "../credits/contract.ts";
import { memberCredits, SpendingCapError } from "../credits/ledger.ts";
import { creditSettings } from "../credits/system-settings.ts";
import { AppError } from "../errors.ts";
import { createSearches, type ScreeningContext } from "../screening/searches.ts";
import type { SearchReader } from "../screening/visibility.ts";
import { readSettings } from "../settings/system-settings.ts";
import { batchView, readBatch } from "./batch-read.ts";
import type { BatchEntity } from "./entity-schema.ts";
import { claimPendingBatch } from "./pending-batch.ts";

export type BatchJobRow = typeof schema.batchJobs.$inferSelect;

/**
 * Screens every row of a batch. All or nothing: the batch, every search, its charge (one ledger entry per row)
 * and its job are written in one transaction with multi-row inserts, so a batch is either fully charged and queued
 * or not at all (402 when the credits do not cover every row). One audit record covers the batch.
 */
export async function createBatchJob(
  ctx: ScreeningContext,
  input: {
    userId: string;
    name: string;
    entities: BatchEntity[];
    /** A batch made without entities (POST /api/batch-jobs) that takes these; otherwise a new batch is made. */
    batchId?: string;
  },
) {
  const settings = await readSettings(ctx.db, creditSettings);
  const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, input.userId));
  if (!user) throw new AppError(404, "User not found");
  const creditsRequired = hasUnlimitedCredits(user) ? 0 : input.entities.length * settings.manualSearchCost;
  // The organisation's balance, shared by its members: checked here for a quick answer, and again by the charge.
  const balance = await memberCredits(ctx.db, input.userId);
  if (creditsRequired > balance) throw insufficientCredits(input.entities.length, creditsRequired, balance);
  const batch = await ctx.db.transaction(async (tx) => {
    const [row] = input.batchId
      ? [await claimPendingBatch(tx, input.userId, input.batchId)]
      : await tx
          .insert(schema.batchJobs)
          .values({
            userId: input.userId,
            organisationId: organisationOf(input.userId),
            name: input.name,
            status: "processing",
            totalEntities: input.entities.length,
          })
          .returning();
    try {
      await createSearches({ db: tx, queue: ctx.queue }, { userId: input.userId, entities: input.entities, batchJobId: row.id });
    } catch (error) {
      // The balance changed since it was read above.
      if (error instanceof AppError && error.status === 402 && !(error instanceof SpendingCapError)) {
        throw insufficientCredits(input.entities.length, creditsRequired, await memberCredits(ctx.db, input.userId));
      }
      throw error;
    }
    await recordAudit(tx, {
      action: "batch.created",
      actorKind: "user",
      actorUserId: input.userId,
      targetType: "batch_job",
      targetId: row.id,
      details: { totalEntities: input.entities.length, creditsRequired },
    });
    return row;
  });
  return { batch, creditsRequired };
}

const insufficientCredits = (rows: number, required: number, balance: number) =>
  new AppError(402, `Insufficient credits: this batch of ${rows} needs ${required} credits, the balance is ${balance}`);

/**
 * A batch the member reads (their own, or a colleague's they may read) with its progress counted from its searches;
 * when every search has ended the batch is marked completed (failed when every one failed).
 */
export async function getBatchJob(db: Db, reader: SearchReader, batchId: string) {
  const batch = await readBatch(db, reader, batchId);
  const searches = await db
    .select({
      id: schema.searches.id,
      searchTerm: schema.searches.searchTerm,
      customerRef: schema.searches.customerRef,
      status: schema.searches.status,
      riskLevel: schema.searches.riskLevel,
    })
    .from(schema.searches)
    .where(eq(schema.searches.batchJobId, batchId));
  return { ...batchView(batch), searches };
}
