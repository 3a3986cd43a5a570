/**
 * The events of searches that ended: `search.completed` for a search made by itself (completed or failed), and for
 * a batch's rows only `batch.completed`, once, when the batch's last row has ended. Subscribed to screening's
 * searchesEnded at start-up (lib/wiring.ts), so queued after the workers committed the searches' outcomes; users
 * without a webhook for the event cost one small query.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { batchPath } from "../app-links.ts";
import { batchRiskCounts, batchView, syncBatchProgress } from "../batch/batch-read.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { searchPagePath } from "../screening/contract.ts";
import type { SearchesEnded } from "../screening/events.ts";
import type { WebhookEvent } from "./event-names.ts";
import { queueWebhookEvent } from "./events.ts";

const inFlight = new Set<Promise<void>>();

/** emitSearchesEnded for the searches a worker ended, without holding the worker up; errors are logged. */
export function emitWebhooksOfEndedSearches({ db, queue, searchIds }: SearchesEnded): void {
  const emitting = emitSearchesEnded(db, queue, searchIds)
    .catch((error) => console.error("[duecheck] webhook events:", error))
    .finally(() => inFlight.delete(emitting));
  inFlight.add(emitting);
}

/** Waits for the events still being queued: a process that exits (the CLI) calls this before stopping its queue. */
export async function webhookEventsQueued(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

export async function emitSearchesEnded(db: Db, queue: JobQueue, searchIds: readonly string[]): Promise<void> {
  if (searchIds.length === 0) return;
  const s = schema.searches;
  const rows = await db
    .select({
      id: s.id,
      userId: s.userId,
      searchTerm: s.searchTerm,
      entityType: s.entityType,
      status: s.status,
      riskLevel: s.riskLevel,
      completedAt: s.updatedAt,
      isAutomated: s.isAutomated,
      batchJobId: s.batchJobId,
    })
    .from(s)
    .where(and(inArray(s.id, [...searchIds]), inArray(s.status, ["completed", "failed"])));
  if (rows.length === 0) return;
  const wanted = await subscriptions(db, [...new Set(rows.map((r) => r.userId))]);
  const batches = new Map<string, string>();
  for (const { userId, ...search } of rows) {
    if (search.batchJobId) {
      if (wanted.get(userId)?.has("batch.completed")) batches.set(search.batchJobId, userId);
    } else if (wanted.get(userId)?.has("search.completed")) {
      await queueWebhookEvent(db, queue, {
        userId,
        event: "search.completed",
        payload: { search: { ...search, completedAt: search.completedAt.toISOString() } },
        link: searchPagePath(search.id),
      });
    }
  }
  for (const [batchId, userId] of batches) await emitBatchIfEnded(db, queue, userId, batchId);
}

/** The events each user's enabled webhooks subscribe to. */
async function subscriptions(db: Db, userIds: string[]): Promise<Map<string, Set<WebhookEvent>>> {
  const w = schema.webhooks;
  const hooks = await db
    .select({ userId: w.userId, events: w.events })
    .from(w)
    .where(and(inArray(w.userId, userIds), eq(w.enabled, true)));
  const map = new Map<string, Set<WebhookEvent>>();
  for (const hook of hooks) {
    if (!hook.userId) continue;
    const set = map.get(hook.userId) ?? new Set();
    for (const event of hook.events as WebhookEvent[]) set.add(event);
    map.set(hook.userId, set);
  }
  return map;
}

/**
 * Emits batch.completed when the batch has no open row left, once: under a lock on the batch, the batch is synced
 * (syncBatchProgress marks it ended) and the event is queued only when no batch.completed delivery of it exists yet.
 * (A reader of the batch may have marked it ended first, so its status change cannot tell "once" by itself.)
 */
export async function emitBatchIfEnded(db: Db, queue: JobQueue, userId: string, batchId: string): Promise<boolean> {
  const s = schema.searches;
  const [open] = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.batchJobId, batchId), inArray(s.status, ["pending", "processing"])))
    .limit(1);
  if (open) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`batch.completed:${batchId}`}))`);
    const [row] = await tx.select().from(schema.batchJobs).where(eq(schema.batchJobs.id, batchId));
    if (!row) return false;
    const batch = await syncBatchProgress(tx, row);
    if (batch.status !== "completed" && batch.status !== "failed") return false;
    const d = schema.webhookDeliveries;
    const w = schema.webhooks;
    const [sent] = await tx
      .select({ id: d.id })
      .from(d)
      .innerJoin(w, eq(w.id, d.webhookId))
      .where(and(eq(w.userId, userId), eq(d.event, "batch.completed"), sql`${d.payload}->'batch'->>'id' = ${batchId}`))
      .limit(1);
    if (sent) return false;
    const riskCounts = await batchRiskCounts(tx, batchId);
    const ids = await queueWebhookEvent(tx, queue, {
      userId,
      event: "batch.completed",
      payload: { batch: batchView(batch), riskCounts },
      link: batchPath(batchId),
    });
    return ids.length > 0;
  });
}
