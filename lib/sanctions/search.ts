import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { allListStates, type ListState } from "./availability.ts";
import type { SanctionsAnswer } from "./contract.ts";
import type { IndexSnapshot, SanctionsIndexCache } from "./index-cache/cache.ts";
import type { MatchDetails } from "./matcher/evidence.ts";

/** Nothing to search in: no list of the asked kind has ever been downloaded. Never to be read as "no match". */
export class NoSanctionsDataError extends Error {
  constructor(
    message: string,
    /** The lists asked for, none of which has a version (some may be downloading). */
    readonly lists: ListState[],
    /** What was asked for: "sanctions", "peps" or the dataset ids (so a caller can word it in its own language). */
    readonly selection: string,
  ) {
    super(message);
  }
}

/** `sanctions` (every sanctions-type dataset), `peps` (every PEP dataset) or a dataset id. */
export type DatasetSelector = string;

export interface SanctionsQuery {
  term: string;
  type?: "person" | "company";
  limit?: number;
  /** Query by example: a birth date, nationality and identifiers weighed by the matcher (matcher/evidence.ts). */
  details?: MatchDetails;
}

export type { SanctionsAnswer };

export interface ResolvedDatasets {
  ids: string[];
  label: string;
  /** The state of those lists in the database (the version dates are replaced by those of the index searched). */
  states: ListState[];
}

/**
 * The dataset ids the selectors stand for: `sanctions` and `peps` stand for the enabled lists of that type; an
 * unknown dataset id is a 404, a disabled one a 409 (an admin turned it off for every search).
 */
export async function resolveDatasets(db: DbOrTx, selectors: DatasetSelector[]): Promise<ResolvedDatasets> {
  const everyList = await allListStates(db);
  const all = everyList.filter((d) => d.enabled).map(({ enabled: _, ...state }) => state);
  const ids = new Set<string>();
  for (const selector of selectors.length ? selectors : ["sanctions"]) {
    if (selector === "sanctions") {
      for (const d of all) if (d.dataset_type === "sanctions") ids.add(d.id);
    } else if (selector === "peps") {
      for (const d of all) if (d.dataset_type === "pep") ids.add(d.id);
    } else if (all.some((d) => d.id === selector)) ids.add(selector);
    else if (everyList.some((d) => d.id === selector)) throw new AppError(409, `The list ${selector} is disabled; an administrator can enable it`);
    else throw new AppError(404, `No dataset with id ${selector}`);
  }
  return { ids: [...ids], label: selectors.length ? selectors.join(", ") : "sanctions", states: all.filter((d) => ids.has(d.id)) };
}

/** Searches the snapshot in the given datasets; refuses when none of them has a current version. */
export async function searchSnapshot(snapshot: IndexSnapshot, datasets: ResolvedDatasets, query: SanctionsQuery): Promise<SanctionsAnswer> {
  const versionDates = new Map(snapshot.versions.map((v) => [v.datasetId, v.versionDate.toISOString()]));
  const lists = datasets.states.map((state) => ({ ...state, version_date: versionDates.get(state.id) ?? null }));
  const available = datasets.ids.filter((id) => versionDates.has(id));
  if (available.length === 0) {
    const label = datasets.label;
    throw new NoSanctionsDataError(
      label === "sanctions"
        ? "No sanctions data has been downloaded yet"
        : label === "peps"
          ? "No PEP data has been downloaded yet"
          : `No data has been downloaded yet for ${label}`,
      lists,
      label,
    );
  }
  const results = await snapshot.index.search(query.term, {
    type: query.type,
    datasets: available,
    limit: query.limit ?? 10,
    ...(query.details ? { details: query.details } : {}),
  });
  return { found: results.some((r) => r.match), results, searched: available, lists };
}

/** One search against the current versions, as the API and the CLI make it. */
export async function searchSanctions(db: DbOrTx, cache: SanctionsIndexCache, selectors: DatasetSelector[], query: SanctionsQuery): Promise<SanctionsAnswer> {
  const datasets = await resolveDatasets(db, selectors);
  return searchSnapshot(await cache.current(), datasets, query);
}
