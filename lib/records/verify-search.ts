/**
 * Re-derives a stored search's list results: a one-off matcher index over exactly the dataset versions the search
 * recorded (not today's), searched with the thresholds and options it recorded, and its hits (entity, score, match)
 * compared with the stored ones. The versions' entities are checksummed again, so a version changed in the database
 * since is named even when the hits happen to agree. Adverse media is not re-run (news cannot be fetched as it was).
 * The checksums and the index come from one read of the entities, and the last ones are kept a few minutes for the
 * next verifications of the same versions while their stored rows are unchanged (see KEEP_INDEX_MS).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { ChecksumBuilder, type ChecksummedEntity, computeVersionChecksum, storedEntities } from "../sanctions/datasets/checksum.ts";
import type { SanctionsEntity } from "../sanctions/entity.ts";
import type { IndexSnapshot } from "../sanctions/index-cache/cache.ts";
import { loadEntityBatches, toEntity } from "../sanctions/index-cache/load.ts";
import { buildInProcess, type SearchableIndex } from "../sanctions/index-cache/searchable.ts";
import { MATCHER_VERSION } from "../sanctions/matcher/index.ts";
import { type ListScreening, screenListsIn, versionsById } from "../screening/lists.ts";
import { readResults, type SearchResults } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { buildWatchlistIndex } from "../screening/watchlist-index.ts";
import { withWatchlists } from "../screening/watchlists.ts";
import { type SearchVerification, STORED_BEFORE_VERSIONS, type VerifyDifference } from "./verify-contract.ts";

export interface VerifyActor {
  kind: ActorKind;
  userId?: string | null;
  ipAddress?: string | null;
}

type Versions = Awaited<ReturnType<typeof versionsById>>;
type Datasets = Pick<typeof schema.sanctionsDatasets.$inferSelect, "id" | "sourceName" | "datasetType" | "urls">[];

/**
 * Work several verifications in a row share (a case's searches, screened against the same versions): each version's
 * checksum computed again once, one index per set of versions and threshold, the versions and datasets read once per
 * set, and one screening again per subject, options and thresholds (fifty checks of one subject against the same
 * lists ask the same question: its answer is compared with each one's stored hits). The caller disposes of it at the
 * end.
 */
export interface VerifyShare {
  checksums: Map<string, Promise<string>>;
  indexes: Map<string, Promise<SearchableIndex>>;
  versions: Map<string, Promise<Versions>>;
  datasets: Map<string, Promise<Datasets>>;
  screenings: Map<string, Promise<ListScreening>>;
  dispose(): Promise<void>;
}

export function verifyShare(): VerifyShare {
  const indexes = new Map<string, Promise<SearchableIndex>>();
  return {
    checksums: new Map(),
    indexes,
    versions: new Map(),
    datasets: new Map(),
    screenings: new Map(),
    async dispose() {
      for (const index of indexes.values()) (await index.catch(() => null))?.dispose();
      indexes.clear();
    },
  };
}

/**
 * Verifies one search (any user's: the caller checked the role) and audits that it did, with the outcome. `share`:
 * work kept for the next verification (verifyShare).
 */
export async function verifySearch(db: DbOrTx, actor: VerifyActor, searchId: string, share?: VerifyShare): Promise<SearchVerification> {
  if (!isUuid(searchId)) throw new AppError(404, "Search not found");
  const [search] = await db.select({ id: schema.searches.id, results: schema.searches.results }).from(schema.searches).where(eq(schema.searches.id, searchId));
  if (!search) throw new AppError(404, "Search not found");
  const own = share ?? verifyShare();
  try {
    return await verifyStored(db, actor, search, own);
  } finally {
    if (!share) await own.dispose();
  }
}

/**
 * Verifies several searches (a case's), `atOnce` at a time, sharing `share`: their stored results read in one query,
 * each audited as verifySearch audits it. Answers in the order of `searchIds`; an unknown id is 404 before any is
 * verified.
 */
export async function verifySearches(db: DbOrTx, actor: VerifyActor, searchIds: string[], share: VerifyShare, atOnce = 4): Promise<SearchVerification[]> {
  if (searchIds.some((id) => !isUuid(id))) throw new AppError(404, "Search not found");
  const rows = searchIds.length
    ? await db.select({ id: schema.searches.id, results: schema.searches.results }).from(schema.searches).where(inArray(schema.searches.id, searchIds))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (searchIds.some((id) => !byId.has(id))) throw new AppError(404, "Search not found");
  const out: SearchVerification[] = [];
  let next = 0;
  const worker = async () => {
    while (next < searchIds.length) {
      const i = next++;
      out[i] = await verifyStored(db, actor, byId.get(searchIds[i])!, share);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, searchIds.length) }, worker));
  return out;
}

async function verifyStored(db: DbOrTx, actor: VerifyActor, search: { id: string; results: unknown }, share: VerifyShare): Promise<SearchVerification> {
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

/** A value computed once per key in the share (or its failure, which every caller then sees). */
function shared<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = make();
    // awaited by whoever asks for it; a failure nobody awaits yet must not surface as unhandled
    found.catch(() => {});
    cache.set(key, found);
  }
  return found;
}

/**
 * The last one-off index built, kept a while after its verifications with the checksums it was built beside: the next
 * report of a case (its other format, or another case screened against the same lists) reuses both instead of
 * reading every entity again and building the same index, which was most of a verification's time. They are reused
 * only while each version's entities are exactly as they were read: a fingerprint of the stored rows, computed in the
 * database (an MD5 over each row's text, in key order: no row leaves it), taken before that read and compared again
 * before each reuse. The same rows give the same checksum and the same index, so the reuse is exact; any change
 * reads and builds again. One at a time, dropped after KEEP_INDEX_MS without use.
 */
const KEEP_INDEX_MS = 5 * 60_000;
interface KeptIndex {
  key: string;
  fingerprints: string[];
  checksums: string[];
  index: SearchableIndex;
  timer: ReturnType<typeof setTimeout>;
}
let kept: KeptIndex | null = null;

function keep(entry: Omit<KeptIndex, "timer">) {
  if (kept) {
    clearTimeout(kept.timer);
    if (kept.index !== entry.index) kept.index.dispose();
  }
  const timer = setTimeout(() => {
    if (kept?.index === entry.index) {
      kept = null;
      entry.index.dispose();
    }
  }, KEEP_INDEX_MS);
  // a CLI or a test that is done must not wait for it
  (timer as { unref?: () => void }).unref?.();
  kept = { ...entry, timer };
}

/** The kept index lent to one share: disposing of the share leaves it to the next. */
function borrowed(index: SearchableIndex): SearchableIndex {
  return {
    search: (term, options) => index.search(term, options),
    compare: (query, candidate, options) => index.compare(query, candidate, options),
    get broken() {
      return index.broken;
    },
    dispose() {},
  };
}

/** The stored rows of a version's entities, fingerprinted in the database: any change to any of them changes it. */
async function entitiesFingerprint(db: DbOrTx, versionId: string): Promise<string> {
  const t = schema.sanctionsEntities;
  const [row] = await db
    .select({ fingerprint: sql<string | null>`md5(string_agg(md5(${t}::text), '' order by ${t.id}))` })
    .from(t)
    .where(eq(t.versionId, versionId));
  return row?.fingerprint ?? "";
}

/**
 * The checksums of these versions and their one-off index for a share: the kept ones while the versions' rows are
 * unchanged, else from one read of their entities (both need every entity of every version: each is read once, not
 * once for the checksum and again for the index), then kept. The versions whose checksum the share holds already keep
 * theirs.
 */
function indexFor(db: DbOrTx, share: VerifyShare, versionIds: string[], threshold: number, key: string) {
  const digests = new Map<string, string>();
  async function* batches(): AsyncGenerator<SanctionsEntity[]> {
    for (const versionId of versionIds) {
      const checksum = new ChecksumBuilder();
      let batch: SanctionsEntity[] = [];
      for await (const entity of storedEntities(db, versionId)) {
        checksum.add(entity);
        batch.push(toEntity(entity as ChecksummedEntity & Parameters<typeof toEntity>[0]));
        if (batch.length === 500) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
      digests.set(versionId, checksum.digest());
    }
  }
  const index = shared(share.indexes, key, async () => {
    const candidate = kept?.key === key && !kept.index.broken ? kept : null;
    const fingerprints = await Promise.all(versionIds.map((id) => entitiesFingerprint(db, id)));
    if (candidate && fingerprints.every((f, i) => f === candidate.fingerprints[i])) {
      for (const [i, id] of versionIds.entries()) digests.set(id, candidate.checksums[i]);
      keep(candidate);
      return borrowed(candidate.index);
    }
    const built = await buildInProcess(batches(), threshold);
    keep({ key, fingerprints, checksums: versionIds.map((id) => digests.get(id)!), index: built });
    return borrowed(built);
  });
  for (const versionId of versionIds) shared(share.checksums, versionId, () => index.then(() => digests.get(versionId)!));
}

async function rederive(db: DbOrTx, searchId: string, results: SearchResults | null, share: VerifyShare): Promise<SearchVerification> {
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
  const versionKey = [...new Set(used.map((u) => u.versionId))].sort().join(",");
  const existing = await shared(share.versions, versionKey, () =>
    versionsById(
      db,
      used.map((u) => u.versionId),
    ),
  );
  const present = new Set([...existing.values()].map((v) => v.id));
  const screenable = used.filter((u) => present.has(u.versionId));
  const datasetKey = [...new Set(screenable.map((u) => u.datasetId))].sort().join(",");
  const datasets = screenable.length
    ? await shared(share.datasets, datasetKey, () =>
        db
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
          .orderBy(schema.sanctionsDatasets.id),
      )
    : [];
  // An organisation's watchlists were screened in an index of their own (lib/screening/watchlist-index.ts): so again.
  const internal = new Set(datasetsUsed.filter((d) => d.internal).map((d) => d.id));
  const ownLists = datasets.filter((d) => internal.has(d.id));
  const published = datasets.filter((d) => !internal.has(d.id));
  const versionIds = published.map((d) => existing.get(d.id)!.id);
  const ownVersions = ownLists.map((d) => {
    const v = existing.get(d.id)!;
    return { versionId: v.id, datasetId: d.id, datasetType: d.datasetType, versionDate: v.versionDate };
  });
  // The one-off index holds exactly the recorded versions: name parts weigh their rarity in those lists, as they did.
  const indexKey = `${versionIds.join(",")}|${provenance.thresholds.match}`;
  if (versionIds.length && !share.indexes.has(indexKey)) indexFor(db, share, versionIds, provenance.thresholds.match, indexKey);

  for (const u of used) {
    if (!present.has(u.versionId)) {
      differences.push({ kind: "version_missing", datasetId: u.datasetId, versionId: u.versionId });
      continue;
    }
    // From the entities as they are now, not the checksum stored with the version: that one was computed before.
    const current = await shared(share.checksums, u.versionId, () => computeVersionChecksum(db, u.versionId));
    if (current !== u.checksum) differences.push({ kind: "version_changed", datasetId: u.datasetId, versionId: u.versionId, stored: u.checksum, current });
  }

  const { options } = provenance;
  const subject = { term: options.term, entityType: options.entityType, country: options.country, details: readSearchDetails(options.details) };
  const ownKey = ownVersions.map((v) => v.versionId).join(",");
  const again = await shared(share.screenings, JSON.stringify([indexKey, ownKey, provenance.thresholds, subject]), async () => {
    const ownScreening = ownVersions.length
      ? await buildWatchlistIndex(db, ownVersions, provenance.thresholds.match).then(async (snapshot) => {
          try {
            return await screenListsIn(db, { datasets: ownLists, snapshot, versions: existing }, subject, {
              thresholds: provenance.thresholds,
              internal: true,
            });
          } finally {
            snapshot.index.dispose();
          }
        })
      : null;
    if (versionIds.length === 0 && ownScreening) return ownScreening;
    const index = await shared(share.indexes, indexKey, () => buildInProcess(loadEntityBatches(db, versionIds), provenance.thresholds.match));
    const snapshot: IndexSnapshot = {
      fingerprint: versionIds.join(","),
      versions: published.map((d) => {
        const v = existing.get(d.id)!;
        return { versionId: v.id, datasetId: d.id, datasetType: d.datasetType, versionDate: v.versionDate };
      }),
      index,
      builtAt: new Date(),
    };
    return withWatchlists(
      await screenListsIn(db, { datasets: published, snapshot, versions: existing }, subject, { thresholds: provenance.thresholds }),
      ownScreening,
    );
  });

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
