import { schema, type DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import type { IndexSnapshot, SanctionsIndexCache } from "./index-cache/cache.ts";
import type { MatchResult } from "./matcher/index.ts";

/** Nothing to search in: no list of the asked kind has ever been downloaded. Never to be read as "no match". */
export class NoSanctionsDataError extends Error {}

/** `sanctions` (every sanctions-type dataset), `peps` (every PEP dataset) or a dataset id. */
export type DatasetSelector = string;

export interface SanctionsQuery {
  term: string;
  type?: "person" | "company";
  limit?: number;
}

export interface SanctionsAnswer {
  /** True when at least one result reaches the match threshold. */
  found: boolean;
  results: MatchResult[];
  /** The datasets searched: those asked for that have a current version. */
  searched: string[];
}

/** The dataset ids the selectors stand for; an unknown dataset id is a 404. */
export async function resolveDatasets(db: DbOrTx, selectors: DatasetSelector[]): Promise<{ ids: string[]; label: string }> {
  const all = await db.select({ id: schema.sanctionsDatasets.id, type: schema.sanctionsDatasets.datasetType }).from(schema.sanctionsDatasets);
  const ids = new Set<string>();
  for (const selector of selectors.length ? selectors : ["sanctions"]) {
    if (selector === "sanctions") all.filter((d) => d.type === "sanctions").forEach((d) => ids.add(d.id));
    else if (selector === "peps") all.filter((d) => d.type === "pep").forEach((d) => ids.add(d.id));
    else if (all.some((d) => d.id === selector)) ids.add(selector);
    else throw new AppError(404, `No dataset with id ${selector}`);
  }
  return { ids: [...ids], label: selectors.length ? selectors.join(", ") : "sanctions" };
}

/** Searches the snapshot in the given datasets; refuses when none of them has a current version. */
export async function searchSnapshot(
  snapshot: IndexSnapshot,
  datasets: { ids: string[]; label: string },
  query: SanctionsQuery,
): Promise<SanctionsAnswer> {
  const available = datasets.ids.filter((id) => snapshot.versions.some((v) => v.datasetId === id));
  if (available.length === 0) {
    const label = datasets.label;
    throw new NoSanctionsDataError(
      label === "sanctions"
        ? "No sanctions data has been downloaded yet"
        : label === "peps"
          ? "No PEP data has been downloaded yet"
          : `No data has been downloaded yet for ${label}`,
    );
  }
  const results = await snapshot.index.search(query.term, { type: query.type, datasets: available, limit: query.limit ?? 10 });
  return { found: results.some((r) => r.match), results, searched: available };
}

/** One search against the current versions, as the API and the CLI make it. */
export async function searchSanctions(
  db: DbOrTx,
  cache: SanctionsIndexCache,
  selectors: DatasetSelector[],
  query: SanctionsQuery,
): Promise<SanctionsAnswer> {
  const datasets = await resolveDatasets(db, selectors);
  return searchSnapshot(await cache.current(), datasets, query);
}
