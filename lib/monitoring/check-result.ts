/**
 * The end of a check: when the search a check created has ended, its results are compared with the entity's
 * previous check, and real changes raise the entity's alert (hasChanges, changes, changedAt, changesSummary in the
 * owner's report language). The check first takes over the decisions of the checks before it (carry-forward.ts), so
 * only new or changed hits are left to decide. The alert stays open until it is decided, acknowledged or dismissed
 * (alerts.ts): a check without changes neither raises nor closes it. Recording is idempotent: the worker that ran the
 * search records it at once, and every scan records checks whose search ended elsewhere (another process's worker, a
 * process that died in between).
 */
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { monitoringChangesPath } from "../app-links.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { carryDecisionsForward } from "../review/carry-forward.ts";
import { readResults } from "../screening/results.ts";
import { isReportLanguage } from "../screening/summary/phrasebook.ts";
import { queueWebhookEvent } from "../webhooks/events.ts";
import { changesSummary } from "./change-phrases.ts";
import { compareChecks, hasRealChanges } from "./compare-checks.ts";
import { entityView, type MonitoredEntityRow } from "./entities.ts";
import type { MonitoringChanges } from "./schemas.ts";

const m = schema.monitoredEntities;
const s = schema.searches;

export interface RecordedCheck {
  entity: MonitoredEntityRow;
  /** Null when nothing changed, on the first check (the baseline) and when the search failed. */
  changes: MonitoringChanges | null;
}

export interface RecordOptions {
  clock?: Clock;
  /** Queues the monitoring.changed webhook event of a check that found changes, in the recording transaction. */
  queue?: JobQueue;
}

/**
 * Records the check of `entityId` made by search `searchId` if that search is still the entity's last one, has
 * ended, and was not recorded yet (lastChecked is set to the search's end). Answers null when there was nothing to do.
 */
export async function recordCheckResult(db: Db, entityId: string, searchId: string, options: RecordOptions = {}): Promise<RecordedCheck | null> {
  const clock = options.clock ?? systemClock;
  const recorded = await db.transaction(async (tx) => {
    // The search is locked before the entity, as a decision on it does (it closes the entity's alert): two
    // transactions never wait for each other's second lock.
    const [search] = await tx
      .select({ status: s.status, updatedAt: s.updatedAt, createdAt: s.createdAt, results: s.results })
      .from(s)
      .where(eq(s.id, searchId))
      .for("update");
    if (!search || (search.status !== "completed" && search.status !== "failed")) return null;
    const [entity] = await tx
      .select()
      .from(m)
      .where(and(eq(m.id, entityId), eq(m.lastSearchId, searchId)))
      .for("update");
    if (!entity) return null;
    if (entity.lastChecked?.getTime() === search.updatedAt.getTime()) return null;

    let changes: MonitoringChanges | null = null;
    const current = search.status === "completed" ? readResults(search.results) : null;
    if (current && entity.previousSearchId && entity.previousSearchId !== searchId) {
      const [before] = await tx
        .select({ results: s.results })
        .from(s)
        .where(and(eq(s.id, entity.previousSearchId), eq(s.status, "completed")));
      const previous = readResults(before?.results);
      if (previous) {
        const compared = compareChecks(previous, current);
        if (hasRealChanges(compared)) {
          const { riskChanged: _, ...facts } = compared;
          const trigger = entity.checkTrigger === "list_update" ? "list_update" : "schedule";
          changes = { checkedAt: search.updatedAt.toISOString(), previousSearchId: entity.previousSearchId, searchId, ...facts, trigger };
        }
      }
    }

    if (search.status === "completed") await carryDecisionsForward(tx, await earlierChecks(tx, entity, searchId, search.createdAt), searchId);

    const lastChecked = sql`(select ${s.updatedAt} from ${s} where ${s.id} = ${searchId})`;
    let flagged = {};
    if (changes) {
      const [owner] = await tx.select({ reportLanguage: schema.users.reportLanguage }).from(schema.users).where(eq(schema.users.id, entity.userId));
      const language = isReportLanguage(owner?.reportLanguage) ? owner.reportLanguage : "en";
      flagged = { hasChanges: true, changes, changedAt: clock.now(), changesSummary: changesSummary(changes, language) };
    }
    const [row] = await tx
      .update(m)
      // The check a list update asked for (list-updates.ts) is done: the next one runs on schedule.
      .set({ lastChecked, checkTrigger: null, ...flagged })
      .where(eq(m.id, entityId))
      .returning();
    if (changes && options.queue) {
      await queueWebhookEvent(tx, options.queue, {
        userId: row.userId,
        event: "monitoring.changed",
        payload: { entity: await entityView(tx, row), changes },
        link: monitoringChangesPath(row.id),
      });
    }
    return { entity: row, changes };
  });
  return recorded;
}

/**
 * The checks whose decisions a new check takes over: the one it is compared with (previousSearchId, which may be the
 * manual search the entity was added from) and any the entity ran after that one (a check with a source that failed
 * does not become the one compared with, but its decisions count).
 */
async function earlierChecks(tx: DbOrTx, entity: MonitoredEntityRow, searchId: string, createdAt: Date): Promise<string[]> {
  if (!entity.previousSearchId || entity.previousSearchId === searchId) return [];
  const [previous] = await tx.select({ createdAt: s.createdAt }).from(s).where(eq(s.id, entity.previousSearchId));
  if (!previous) return [];
  const between = await tx
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        eq(s.userId, entity.userId),
        eq(s.isAutomated, true),
        eq(s.status, "completed"),
        sql`lower(${s.searchTerm}) = lower(${entity.searchTerm})`,
        eq(s.entityType, entity.entityType),
        gt(s.createdAt, previous.createdAt),
        lt(s.createdAt, createdAt),
      ),
    );
  return [entity.previousSearchId, ...between.map((x) => x.id)];
}

/** Records every check whose search `searchId` is (a search ends once, but a name may be monitored by several entries). */
export async function recordChecksOfSearch(db: Db, searchId: string, options: RecordOptions = {}): Promise<RecordedCheck[]> {
  const entities = await db.select({ id: m.id }).from(m).where(eq(m.lastSearchId, searchId));
  const recorded: RecordedCheck[] = [];
  for (const { id } of entities) {
    const one = await recordCheckResult(db, id, searchId, options);
    if (one) recorded.push(one);
  }
  return recorded;
}

const UNRECORDED_PER_PASS = 500;

/** Checks whose search ended but that no worker recorded (it ran in another process, or its process died). */
export async function recordEndedChecks(db: Db, options: RecordOptions = {}): Promise<number> {
  let count = 0;
  for (;;) {
    const rows = await db
      .select({ id: m.id, searchId: s.id })
      .from(m)
      .innerJoin(s, eq(s.id, m.lastSearchId))
      .where(and(inArray(s.status, ["completed", "failed"]), sql`${m.lastChecked} is distinct from ${s.updatedAt}`))
      .limit(UNRECORDED_PER_PASS);
    let recorded = 0;
    for (const row of rows) if (await recordCheckResult(db, row.id, row.searchId, options)) recorded++;
    count += recorded;
    if (rows.length < UNRECORDED_PER_PASS || recorded === 0) return count;
  }
}
