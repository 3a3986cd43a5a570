/**
 * A site without internet: the downloads of the enabled lists fail because no publisher can be reached (not because
 * one answered wrongly). That is said once, with the two ways forward, and the next try is named; the back-off itself
 * is stored on each dataset (claim.ts), so it survives restarts and is shared by every process.
 */
import { and, asc, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import type { DownloadsOffline } from "../contract.ts";
import type { DueRun } from "./scheduler.ts";

export type { DownloadsOffline };

/** The enabled lists whose last download could not reach the network, and the earliest next try; null when none. */
export async function downloadsOffline(db: DbOrTx): Promise<DownloadsOffline | null> {
  const t = schema.sanctionsDatasets;
  const rows = await db
    .select({ id: t.id, sourceName: t.sourceName, nextDownloadAt: t.nextDownloadAt, error: t.lastDownloadError })
    .from(t)
    .where(and(eq(t.enabled, true), eq(t.lastFailureKind, "network")))
    .orderBy(asc(t.nextDownloadAt), asc(t.id));
  if (rows.length === 0) return null;
  const next = rows.map((r) => r.nextDownloadAt).find((d) => d !== null) ?? null;
  return {
    lists: rows.map((r) => ({ id: r.id, source_name: r.sourceName })),
    next_attempt_at: next?.toISOString() ?? null,
    error: rows[0].error,
  };
}

/** The server log's guidance, in English (the log's language): what failed, the two ways forward and the next try. */
export function offlineGuidance(state: DownloadsOffline): string {
  const names = state.lists.map((l) => l.id).join(", ");
  return [
    `[duecheck] The lists cannot be downloaded: this machine cannot reach their publishers (no network). Lists without an update: ${names}.`,
    `[duecheck]   Last error: ${state.error ?? "unknown"}`,
    "[duecheck]   Two ways forward:",
    "[duecheck]   - import a list's files: duecheck datasets import ID PATH (or the upload on the Sanctions page);",
    "[duecheck]   - disable the lists you do not need: duecheck datasets disable ID (or the switch on the Sanctions page).",
    `[duecheck]   Next try: ${state.next_attempt_at ?? "at the next check"}; each failed try doubles the wait, up to 6 hours.`,
  ].join("\n");
}

/**
 * What a server process prints about being offline: the guidance once, then one line per later try that still
 * could not reach the network (a back-off makes those rare), and the guidance again only after the network came back.
 */
export function offlineReporter(db: DbOrTx, log: (line: string) => void = console.log) {
  let said = false;
  return {
    /** At start: a restart of a site that is still offline says so before its first try. */
    async atStart() {
      const state = await downloadsOffline(db);
      if (state) {
        log(offlineGuidance(state));
        said = true;
      }
    },
    async afterRuns(runs: DueRun[]) {
      if (runs.length === 0) return;
      const state = await downloadsOffline(db);
      if (!state) {
        said = false;
        return;
      }
      if (!runs.some((r) => r.status === "failed" && r.kind === "network")) return;
      if (said) log(`[duecheck] The list downloads still cannot reach the network; next try: ${state.next_attempt_at ?? "at the next check"}.`);
      else log(offlineGuidance(state));
      said = true;
    },
  };
}
