/**
 * Searches that needed review before cases existed get their case: every search whose review is still open
 * (needs_review or escalated, the review queue's searches) and that is in no case joins one, grouped exactly as a
 * search finishing now is (grouping.ts groupIntoCases: by subject key, into the organisation's case of the subject
 * not closed, else its latest closed one, which reopens, else a new one, opened and due from now and auto-assigned as
 * the organisation asks). A search its owner deleted (hidden) gets none: the team no longer sees it.
 *
 * An application step, not a SQL migration: the grouping is the application's. It runs at every start (the server in
 * the background, `duecheck db migrate` to the end) and is idempotent: a search joins a case once (case_searches is
 * keyed by search), and a search already in one is never read. Bounded batches, each its own transaction, walk the
 * open searches once in creation order, so a long history neither holds one huge transaction nor blocks start-up, and
 * a search that cannot join (an escalated search whose every hit a remembered clearance covers) is passed, not retried.
 * Two processes starting at once skip each other's rows (FOR UPDATE SKIP LOCKED), and a row is checked again once
 * locked, so none joins twice.
 */
import { and, asc, inArray, isNull, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { FinishedSearch } from "../screening/events.ts";
import { readResults } from "../screening/results.ts";
import { groupIntoCases } from "./grouping.ts";

const s = schema.searches;
const cs = schema.caseSearches;

/** Searches per transaction: each carries its results (tens of kB), and each batch holds its subjects' case locks. */
export const BACKFILL_BATCH = 100;

export interface BackfillOptions {
  clock?: Clock;
  batchSize?: number;
  /** Asked before each batch: true stops the walk (the server is stopping). */
  stopped?: () => boolean;
}

/** Walks every open search without a case; answers how many joined a case. */
export async function backfillCases(db: Db, options: BackfillOptions = {}): Promise<number> {
  const clock = options.clock ?? systemClock;
  const limit = options.batchSize ?? BACKFILL_BATCH;
  // The cursor keeps the creation time as the database wrote it (to the microsecond): a JavaScript date would cut it
  // to the millisecond and walk the same search again.
  let after: { createdAt: string; id: string } | null = null;
  let joined = 0;
  while (!options.stopped?.()) {
    const batch: { last: { createdAt: string; id: string } | null; joined: number } = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: s.id, createdAt: sql<string>`${s.createdAt}::text`, status: s.status, results: s.results })
        .from(s)
        .where(
          and(
            // The review queue's partial index: only the open searches are walked.
            sql`${s.reviewStatus} in ('needs_review', 'escalated')`,
            isNull(s.hiddenAt),
            sql`not exists (select 1 from ${cs} where ${cs.searchId} = ${s.id})`,
            after ? sql`(${s.createdAt}, ${s.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(s.createdAt), asc(s.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (rows.length === 0) return { last: null, joined: 0 };
      // Locked now: one that another process grouped since this statement began is left alone.
      const taken = new Set(
        (
          await tx
            .select({ searchId: cs.searchId })
            .from(cs)
            .where(
              inArray(
                cs.searchId,
                rows.map((r) => r.id),
              ),
            )
        ).map((r) => r.searchId),
      );
      const finished: FinishedSearch[] = [];
      for (const row of rows) {
        const results = readResults(row.results);
        if (!taken.has(row.id) && row.status === "completed" && results) finished.push({ searchId: row.id, status: "completed", results });
      }
      const last = rows.at(-1)!;
      if (finished.length === 0) return { last: { createdAt: last.createdAt, id: last.id }, joined: 0 };
      await groupIntoCases(tx, finished, clock);
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(cs)
        .where(
          inArray(
            cs.searchId,
            finished.map((f) => f.searchId),
          ),
        );
      return { last: { createdAt: last.createdAt, id: last.id }, joined: count };
    });
    if (!batch.last) break;
    after = batch.last;
    joined += batch.joined;
  }
  return joined;
}

/**
 * The server's start: the walk runs beside the serving, so a long history never delays it; stop() ends it after the
 * batch in hand. What it grouped is logged.
 */
export function backfillCasesInBackground(db: Db, log: (message: string) => void = console.log): { stop(): Promise<void> } {
  let stopping = false;
  const running = backfillCases(db, { stopped: () => stopping }).then(
    (joined) => {
      if (joined > 0) log(`[duecheck] ${joined} search${joined === 1 ? "" : "es"} screened before cases joined their case`);
    },
    (error: unknown) => {
      if (!stopping) console.error("[duecheck] grouping earlier searches into cases failed:", error);
    },
  );
  return {
    async stop() {
      stopping = true;
      await running;
    },
  };
}
