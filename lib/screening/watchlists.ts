/**
 * A search screened against the searching organisation's own watchlists, beside the published lists: the same
 * matcher, explanations and query-by-example evidence, each watchlist a row of results.sanctionsList of its own,
 * marked internal. Another organisation's watchlists are never opened for it.
 */
import type { DbOrTx } from "../../data/db.ts";
import { type ListScreening, type ListSubject, screenListsIn } from "./lists.ts";
import type { ScreeningThresholds } from "./results.ts";
import { watchlistIndexes } from "./watchlist-index.ts";

export async function screenWatchlists(
  db: DbOrTx,
  organisationId: string,
  subject: ListSubject,
  options: { retryable?: boolean; thresholds?: ScreeningThresholds } = {},
): Promise<ListScreening | null> {
  let lists: Awaited<ReturnType<ReturnType<typeof watchlistIndexes>["open"]>>;
  try {
    lists = await watchlistIndexes(db).open(db, organisationId);
  } catch (error) {
    if (options.retryable) throw error;
    // Never reported clean without them: a failed source, as a published list whose index failed.
    const message = error instanceof Error ? error.message : String(error);
    return {
      sanctionsList: [],
      pepListings: [],
      sources: [
        { source: "Watchlists", kind: "sanctions", status: "failed", error: `The watchlists could not be searched: ${message}`, errorCode: "index_failed" },
      ],
      datasetsUsed: [],
      datasetsDisabled: [],
    };
  }
  return lists ? screenListsIn(db, lists, subject, { ...options, internal: true }) : null;
}

/** The published lists' screening with the watchlists' rows, sources and versions added; matching rows first. */
export function withWatchlists(published: ListScreening, own: ListScreening | null): ListScreening {
  if (!own) return published;
  return {
    sanctionsList: [...published.sanctionsList, ...own.sanctionsList].sort((a, b) => Number(b.match) - Number(a.match)),
    pepListings: [...published.pepListings, ...own.pepListings],
    sources: [...published.sources, ...own.sources],
    datasetsUsed: [...published.datasetsUsed, ...own.datasetsUsed],
    datasetsDisabled: published.datasetsDisabled,
  };
}
