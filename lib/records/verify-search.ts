/**
 * Re-derives a stored search's list results: a one-off matcher index over exactly the dataset versions the search
 * recorded (not today's), searched with the thresholds and options it recorded, and its hits (entity, score, match)
 * compared with the stored ones. The versions' entities are checksummed again, so a version changed in the database
 * since is named even when the hits happen to agree. Adverse media is not re-run (news cannot be fetched as it was).
 */
import { eq, inArray } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { computeVersionChecksum } from "../sanctions/datasets/checksum.ts";
import type { IndexSnapshot } from "../sanctions/index-cache/cache.ts";
import { loadEntityBatches } from "../sanctions/index-cache/load.ts";
import { buildInProcess, type SearchableIndex } from "../sanctions/index-cache/searchable.ts";
import { MATCHER_VERSION } from "../sanctions/matcher/index.ts";
import { screenListsIn, versionsById } from "../screening/lists.ts";
import { readResults, type SearchResults } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { type SearchVerification, STORED_BEFORE_VERSIONS, type VerifyDifference } from "./verify-contract.ts";

export interface VerifyActor {
  kind: ActorKind;
  userId?: string | null;
  ipAddress?: string | null;
}

/**
 * Work several verifications in a row share (a case's searches, screened against the same versions): each version's
 * checksum computed again once, and one index per set of versions and threshold. The caller disposes of it at the end.
 */
export interface VerifyShare {
  checksums: Map<string, Promise<string>>;
  indexes: Map<string, Promise<SearchableIndex>>;
  dispose(): Promise<void>;
}

export function verifyShare(): VerifyShare {
  const indexes = new Map<string, Promise<SearchableIndex>>();
  return {
    checksums: new Map(),
    indexes,
    async dispose() {
      for (const index of indexes.values()) (await index.catch(() => null))?.dispose();
      indexes.clear();
    },
  };
}

function shared<T>(cache: Map<string, Promise<T>> | undefined, key: string, make: () => Promise<T>): Promise<T> {
  if (!cache) return make();
  let found = cache.get(key);
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/**
 * Verifies one search (any user's: the caller checked the role) and audits that it did, with the outcome. `share`:
 * work kept for the next verification (verifyShare).
 */
export async function verifySearch(db: DbOrTx, actor: VerifyActor, searchId: string, share?: VerifyShare): Promise<SearchVerification> {
  if (!isUuid(searchId)) throw new AppError(404, "Search not found");
  const [search] = await db.select().from(schema.searches).where(eq(schema.searches.id, searchId));
  if (!search) throw new AppError(404, "Search not found");
  const verification = await rederive(db, search.id, readResults(search.results), share);
  await recordAudit(db, {
    action: "search.verified",
    actorKind: actor.kind,
    actorUserId: actor.userId ?? null,
    ipAddress: actor.ipAddress ?? null,
    targetType: "search",
    targetId: search.id,
    details: { outcome: verification.outcome, differences: verification.differences.length, ...(verification.reason ? { reason: verification.reason } : {}) },
  });
  return verification;
}

interface HitState {
  list: "sanctions" | "pep";
  datasetId: string;
  entityId: string;
  name: string;
  score: number;
  match: boolean;
}

async function rederive(db: DbOrTx, searchId: string, results: SearchResults | null, share?: VerifyShare): Promise<SearchVerification> {
  const base = { searchId, differences: [] as VerifyDifference[], versions: [], adverseMediaRederived: false as const };
  if (!results)
    return { ...base, outcome: "cannot_verify", reason: "not_screened", message: "cannot be verified: the search has no results", matcherVersion: null };
  const { provenance, datasetsUsed } = results;
  if (!provenance || datasetsUsed.some((d) => !d.versionId || !d.checksum)) {
    return {
      ...base,
      outcome: "cannot_verify",
      reason: "stored_before_versions",
      message: STORED_BEFORE_VERSIONS,
      matcherVersion: provenance?.matcherVersion ?? null,
    };
  }

  const differences: VerifyDifference[] = [];
  if (provenance.matcherVersion !== MATCHER_VERSION) differences.push({ kind: "matcher_version", stored: provenance.matcherVersion, current: MATCHER_VERSION });

  const used = datasetsUsed.map((d) => ({ datasetId: d.id, versionId: d.versionId!, checksum: d.checksum! }));
  const existing = await versionsById(
    db,
    used.map((u) => u.versionId),
  );
  const present = new Set([...existing.values()].map((v) => v.id));
  for (const u of used) {
    if (!present.has(u.versionId)) {
      differences.push({ kind: "version_missing", datasetId: u.datasetId, versionId: u.versionId });
      continue;
    }
    // From the entities as they are now, not the checksum stored with the version: that one was computed before.
    const current = await shared(share?.checksums, u.versionId, () => computeVersionChecksum(db, u.versionId));
    if (current !== u.checksum) differences.push({ kind: "version_changed", datasetId: u.datasetId, versionId: u.versionId, stored: u.checksum, current });
  }

  const screenable = used.filter((u) => present.has(u.versionId));
  const datasets = screenable.length
    ? await db
        .select({
          id: schema.sanctionsDatasets.id,
          sourceName: schema.sanctionsDatasets.sourceName,
          datasetType: schema.sanctionsDatasets.datasetType,
          urls: schema.sanctionsDatasets.urls,
        })
        .from(schema.sanctionsDatasets)
        .where(
          inArray(
            schema.sanctionsDatasets.id,
            screenable.map((u) => u.datasetId),
          ),
        )
        .orderBy(schema.sanctionsDatasets.id)
    : [];
  const versionIds = datasets.map((d) => existing.get(d.id)!.id);
  // The one-off index holds exactly the recorded versions: name parts weigh their rarity in those lists, as they did.
  const index = await shared(share?.indexes, `${versionIds.join(",")}|${provenance.thresholds.match}`, () =>
    buildInProcess(loadEntityBatches(db, versionIds), provenance.thresholds.match),
  );
  const snapshot: IndexSnapshot = {
    fingerprint: versionIds.join(","),
    versions: datasets.map((d) => {
      const v = existing.get(d.id)!;
      return { versionId: v.id, datasetId: d.id, datasetType: d.datasetType, versionDate: v.versionDate };
    }),
    index,
    builtAt: new Date(),
  };
  const { options } = provenance;
  const again = await screenListsIn(
    db,
    { datasets, snapshot, versions: existing },
    { term: options.term, entityType: options.entityType, country: options.country, details: readSearchDetails(options.details) },
    { thresholds: provenance.thresholds },
  );
  if (!share) index.dispose();

  const screened = new Set(datasets.map((d) => d.id));
  const stored = hitsOf(results, screened);
  const now = hitsOf(again, screened);
  for (const [key, s] of stored) {
    const n = now.get(key);
    if (!n) differences.push({ kind: "hit_disappeared", ...keyOf(s), stored: stateOf(s) });
    else if (n.score !== s.score || n.match !== s.match) differences.push({ kind: "hit_changed", ...keyOf(s), stored: stateOf(s), now: stateOf(n) });
  }
  for (const [key, n] of now) if (!stored.has(key)) differences.push({ kind: "hit_appeared", ...keyOf(n), now: stateOf(n) });

  return {
    ...base,
    outcome: differences.length ? "different" : "identical",
    message: differences.length ? `${differences.length} difference${differences.length === 1 ? "" : "s"}` : "identical",
    differences,
    versions: used.map((u) => ({ datasetId: u.datasetId, versionId: u.versionId })),
    matcherVersion: provenance.matcherVersion,
  };
}

/** The hits of the screened datasets by list, dataset and entity: a sanctions row's first entityCount hits are its matches. */
function hitsOf(results: Pick<SearchResults, "sanctionsList" | "pepListings">, datasets: Set<string>): Map<string, HitState> {
  const out = new Map<string, HitState>();
  for (const row of results.sanctionsList) {
    if (!datasets.has(row.datasetId)) continue;
    row.hits.forEach((h, i) => {
      out.set(`sanctions\0${row.datasetId}\0${h.entityId}`, {
        list: "sanctions",
        datasetId: row.datasetId,
        entityId: h.entityId,
        name: h.name,
        score: h.score,
        match: i < row.entityCount,
      });
    });
  }
  for (const p of results.pepListings) {
    if (!p.datasetId || !p.entityId || !datasets.has(p.datasetId)) continue;
    out.set(`pep\0${p.datasetId}\0${p.entityId}`, {
      list: "pep",
      datasetId: p.datasetId,
      entityId: p.entityId,
      name: p.name,
      score: p.score ?? 0,
      match: true,
    });
  }
  return out;
}

const keyOf = (h: HitState) => ({ list: h.list, datasetId: h.datasetId, entityId: h.entityId, name: h.name });
const stateOf = (h: HitState) => ({ score: h.score, match: h.match });
