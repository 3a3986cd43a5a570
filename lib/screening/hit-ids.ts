/**
 * Every hit of a search (a listed entity in a sanctions row, a PEP listing, an article) has an id that is stable and
 * unique within its search: it is derived from what the hit is (the listed entity's id, the article's address), so
 * reading the same results again, or results stored before ids existed, always gives the same ids. Pure: the
 * browser bundles include this file.
 */

import { mediaHitId } from "../media/contract.ts";

export const sanctionsHitId = (entityId: string) => `s:${entityId}`;
export const pepHitId = (listing: { entityId?: string; datasetId?: string; dataset: string; name: string }) =>
  `p:${listing.entityId ?? `${listing.datasetId ?? listing.dataset}:${listing.name}`}`;

interface Identified {
  hitId?: string;
}

interface RawResults {
  sanctionsList?: { hits?: ({ entityId: string } & Identified)[] }[];
  pepListings?: ({ entityId?: string; datasetId?: string; dataset: string; name: string } & Identified)[];
  adverseMedia?: ({ url: string; title: string } & Identified)[];
}

/**
 * Gives every hit without an id its id, in place; a second hit that would get an id already taken gets "~2", "~3"…
 * (the same article found twice, a listing met in two rows).
 */
export function assignHitIds<T>(results: T): T {
  const raw = results as RawResults;
  const taken = new Set<string>();
  const unique = (id: string) => {
    let candidate = id;
    for (let n = 2; taken.has(candidate); n++) candidate = `${id}~${n}`;
    taken.add(candidate);
    return candidate;
  };
  // Ids already given are kept first, so a new one never takes an existing hit's id.
  const all: Identified[] = [...(raw.sanctionsList ?? []).flatMap((row) => row.hits ?? []), ...(raw.pepListings ?? []), ...(raw.adverseMedia ?? [])];
  for (const hit of all) if (hit.hitId) taken.add(hit.hitId);
  for (const row of raw.sanctionsList ?? []) for (const hit of row.hits ?? []) hit.hitId ??= unique(sanctionsHitId(hit.entityId));
  for (const listing of raw.pepListings ?? []) listing.hitId ??= unique(pepHitId(listing));
  for (const article of raw.adverseMedia ?? []) article.hitId ??= unique(mediaHitId(article));
  return results;
}
