/**
 * Steps 1 and 2 of the pipeline: the screened name against the current version of every enabled sanctions list (one
 * row per list) and every enabled PEP list (one PEP listing per matching entity); a list an admin disabled is not
 * searched and is named in results.datasetsDisabled, never as a failed source. An enabled list that was never
 * downloaded, or could not be searched, is a failed source: the search is then never reported clean.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { countryKey } from "../countries.ts";
import { versionChecksums } from "../sanctions/datasets/checksum.ts";
import type { IndexSnapshot } from "../sanctions/index-cache/cache.ts";
import { DEFAULT_MATCH_THRESHOLD, type MatchResult, NEAR_MISS_MARGIN } from "../sanctions/matcher/index.ts";
import { placesOfBirth } from "../sanctions/parsers/ofac-remarks.ts";
import { type PepDetails, pepDetailsSchema } from "../sanctions/pep.ts";
import { pepHitId, sanctionsHitId } from "./hit-ids.ts";
import { listingFingerprint } from "./listing-fingerprint.ts";
import type {
  FactParams,
  MatchEvidence,
  Mismatch,
  PepListing,
  SanctionsHit,
  SanctionsRow,
  ScreeningThresholds,
  SearchResults,
  SourceErrorCode,
  SourceStatus,
} from "./results.ts";
import type { SearchDetails } from "./schemas.ts";

/** What the pipeline needs of the sanctions index cache: the index of the current versions, rebuilt when they changed. */
export interface ListIndex {
  refresh(): Promise<IndexSnapshot>;
}

export interface ListSubject {
  term: string;
  entityType: "person" | "company";
  /** The search's country, compared with a listing's nationality when the details name none. */
  country?: string | null;
  /** Query by example: birth date, nationality and identifiers, weighed by the matcher (matcher/evidence.ts). */
  details?: SearchDetails | null;
}

export interface ListScreening {
  sanctionsList: SanctionsRow[];
  pepListings: PepListing[];
  sources: SourceStatus[];
  datasetsUsed: SearchResults["datasetsUsed"];
  datasetsDisabled: NonNullable<SearchResults["datasetsDisabled"]>;
}

/**
 * The thresholds every screening runs with, stored with its results (results.provenance) so it can be re-derived
 * with the same ones. Near misses (under the match threshold) are shown with a list's row, so a reviewer sees what
 * almost matched. Changing one changes results: bump MATCHER_VERSION with it.
 */
export const SCREENING_THRESHOLDS: ScreeningThresholds = {
  match: DEFAULT_MATCH_THRESHOLD,
  nearMissScore: Math.round((DEFAULT_MATCH_THRESHOLD - NEAR_MISS_MARGIN) * 1000) / 1000,
  resultsPerList: 10,
  nearMisses: 3,
};

type DatasetRow = Pick<typeof schema.sanctionsDatasets.$inferSelect, "id" | "sourceName" | "datasetType" | "urls">;
interface Version {
  id: string;
  datasetId: string;
  versionDate: Date;
  entityCount: number;
  /** The checksum of its entities (lib/sanctions/datasets/checksum.ts). */
  checksum: string;
}

/** The lists as they stand when a set of searches is screened. */
export interface ListsInUse {
  /** The enabled datasets: the ones screened. */
  datasets: DatasetRow[];
  /** The datasets an admin disabled: not screened, named as disabled in the results (absent when re-deriving). */
  disabled?: DatasetRow[];
  /** Null when there is no dataset, or when the index could not be built (then `indexError` says why). */
  snapshot: IndexSnapshot | null;
  indexError?: string;
  versions: Map<string, Version>;
}

/**
 * The datasets, the index of their current versions and those versions, read once for a set of searches (a batch
 * chunk shares them among its rows). With `retryable`, an index that cannot be built throws, so the job is tried
 * again; on the last attempt (or without it) the lists are recorded as failed sources.
 */
export async function openLists(db: DbOrTx, index: ListIndex, options: { retryable?: boolean } = {}): Promise<ListsInUse> {
  const rows = await db
    .select({
      id: schema.sanctionsDatasets.id,
      sourceName: schema.sanctionsDatasets.sourceName,
      datasetType: schema.sanctionsDatasets.datasetType,
      urls: schema.sanctionsDatasets.urls,
      enabled: schema.sanctionsDatasets.enabled,
    })
    .from(schema.sanctionsDatasets)
    // An organisation's own watchlists are screened for it alone (lib/screening/watchlists.ts).
    .where(isNull(schema.sanctionsDatasets.organisationId))
    .orderBy(schema.sanctionsDatasets.id);
  const pick = ({ enabled: _, ...row }: (typeof rows)[number]): DatasetRow => row;
  const datasets = rows.filter((r) => r.enabled).map(pick);
  const disabled = rows.filter((r) => !r.enabled).map(pick);
  if (datasets.length === 0) return { datasets, disabled, snapshot: null, versions: new Map() };
  let snapshot: IndexSnapshot;
  try {
    snapshot = await index.refresh();
  } catch (error) {
    if (options.retryable) throw error;
    return { datasets, disabled, snapshot: null, indexError: message(error), versions: new Map() };
  }
  return { datasets, disabled, snapshot, versions: await versionsOf(db, snapshot) };
}

/** One search's screening against every list: openLists, then screenListsIn. */
export async function screenLists(db: DbOrTx, index: ListIndex, subject: ListSubject, options: { retryable?: boolean } = {}): Promise<ListScreening> {
  return screenListsIn(db, await openLists(db, index, options), subject, options);
}

/**
 * With `retryable`, a list that cannot be searched throws (the job is tried again) instead of being a failed source.
 * `thresholds` are today's unless a stored search is re-derived with its own. `internal`: the lists are an
 * organisation's own watchlists, screened beside the published ones: their rows and versions are marked so, and a
 * missing kind of list is not theirs to report.
 */
export async function screenListsIn(
  db: DbOrTx,
  lists: ListsInUse,
  subject: ListSubject,
  options: { retryable?: boolean; thresholds?: ScreeningThresholds; internal?: boolean } = {},
): Promise<ListScreening> {
  const { datasets, snapshot, versions } = lists;
  const disabled = lists.disabled ?? [];
  const thresholds = options.thresholds ?? SCREENING_THRESHOLDS;
  const out: ListScreening = {
    sanctionsList: [],
    pepListings: [],
    sources: [],
    datasetsUsed: [],
    datasetsDisabled: disabled.map((d) => ({ id: d.id, name: d.sourceName, type: d.datasetType })),
  };

  const internal = options.internal ? ({ internal: true } as const) : {};
  for (const type of options.internal ? [] : (["sanctions", "pep"] as const)) {
    // PEP lists an admin turned off leave nothing unchecked; a screening with no sanctions list at all checks nothing.
    if (!datasets.some((d) => d.datasetType === type) && (type === "sanctions" || !disabled.some((d) => d.datasetType === type))) {
      out.sources.push({
        source: type === "sanctions" ? "Sanctions lists" : "PEP lists",
        kind: type,
        status: "failed",
        error: `No ${type === "sanctions" ? "sanctions" : "PEP"} list is configured`,
        errorCode: "not_configured",
      });
    }
  }
  if (datasets.length === 0) return out;

  if (!snapshot) {
    for (const d of datasets) out.sources.push(failed(d, "index_failed", `The list index could not be built: ${lists.indexError ?? "unknown error"}`));
    return out;
  }

  for (const dataset of datasets) {
    const version = versions.get(dataset.id);
    if (!version) {
      out.sources.push(failed(dataset, "never_downloaded", "Never downloaded: the list has no current version to search"));
      continue;
    }
    let results: MatchResult[];
    try {
      results = await snapshot.index.search(subject.term, {
        type: subject.entityType,
        datasets: [dataset.id],
        limit: thresholds.resultsPerList,
        threshold: thresholds.match,
        ...(subject.details ? { details: subject.details } : {}),
      });
    } catch (error) {
      if (options.retryable) throw error;
      out.sources.push(failed(dataset, "list_search_failed", `The list could not be searched: ${message(error)}`));
      continue;
    }
    out.sources.push({ source: dataset.sourceName, kind: dataset.datasetType, status: "ok" });
    out.datasetsUsed.push({
      id: dataset.id,
      name: dataset.sourceName,
      type: dataset.datasetType,
      versionDate: version.versionDate.toISOString(),
      entityCount: version.entityCount,
      versionId: version.id,
      checksum: version.checksum,
      ...internal,
    });
    const matches = results.filter((r) => r.match);
    if (dataset.datasetType === "pep") {
      const listed = await listingsOf(
        db,
        version.id,
        matches.map((r) => r.id),
      );
      out.pepListings.push(...matches.map((m) => pepListing(m, dataset, version, subject, listed.get(m.id))));
      continue;
    }
    // A name match kept under the threshold by a conflicting birth date is always shown (its name did match).
    const nearMisses = results
      .filter((r) => !r.match && (r.score >= thresholds.nearMissScore || r.evidence?.nameMatchesBirthDateDiffers))
      .sort((a, b) => Number(!!b.evidence?.nameMatchesBirthDateDiffers) - Number(!!a.evidence?.nameMatchesBirthDateDiffers))
      .slice(0, thresholds.nearMisses);
    const listed = await listingsOf(
      db,
      version.id,
      [...matches, ...nearMisses].map((r) => r.id),
    );
    const hits = [...matches, ...nearMisses].map((r) => toHit(r, listed.get(r.id), subject));
    out.sanctionsList.push({
      source: dataset.sourceName,
      datasetId: dataset.id,
      match: matches.length > 0,
      details: describeRow(hits, matches.length, version, thresholds.match),
      lastUpdated: version.versionDate.toISOString(),
      entityCount: matches.length,
      url: hits.slice(0, matches.length).find((h) => h.sourceUrl)?.sourceUrl ?? listUrl(dataset),
      hits,
      listedEntities: version.entityCount,
      ...internal,
    });
  }
  // Matches first, as the results screen shows them.
  out.sanctionsList.sort((a, b) => Number(b.match) - Number(a.match));
  return out;
}

/** The versions the snapshot was built from (not whatever is current by now). */
async function versionsOf(db: DbOrTx, snapshot: IndexSnapshot): Promise<Map<string, Version>> {
  return versionsById(
    db,
    snapshot.versions.map((v) => v.versionId),
  );
}

/** These versions by their dataset, with their checksums (computed now for a version stored before they existed). */
export async function versionsById(db: DbOrTx, ids: string[]): Promise<Map<string, Version>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: schema.sanctionsDatasetVersions.id,
      datasetId: schema.sanctionsDatasetVersions.datasetId,
      versionDate: schema.sanctionsDatasetVersions.versionDate,
      entityCount: schema.sanctionsDatasetVersions.entityCount,
    })
    .from(schema.sanctionsDatasetVersions)
    .where(inArray(schema.sanctionsDatasetVersions.id, ids));
  const checksums = await versionChecksums(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.datasetId, { ...r, checksum: checksums.get(r.id)! }]));
}

interface Listing {
  programs: string[];
  fingerprint: string;
  aliases: string[];
  placesOfBirth: string[];
  addresses: string[];
  listEntryId: string;
  /** PEP details as the list gives them (lib/sanctions/pep.ts); null when it says nothing. */
  pep: PepDetails | null;
}

/**
 * The index leaves programs, addresses and remarks out, and a remembered clearance needs the listing's whole content
 * (its fingerprint): both are read for the few entities shown, with what the hit card shows of the listing (aliases,
 * places of birth, addresses, the entry's id).
 */
async function listingsOf(db: DbOrTx, versionId: string, entityIds: string[]): Promise<Map<string, Listing>> {
  if (entityIds.length === 0) return new Map();
  const e = schema.sanctionsEntities;
  const rows = await db
    .select({
      id: e.id,
      name: e.name,
      aliases: e.aliases,
      identifiers: e.identifiers,
      programs: e.programs,
      birthDates: e.birthDates,
      nationalities: e.nationalities,
      addresses: e.addresses,
      remarks: e.remarks,
      sourceId: e.sourceId,
      pep: e.pep,
    })
    .from(e)
    .where(and(eq(e.versionId, versionId), inArray(e.id, entityIds)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        programs: r.programs,
        fingerprint: listingFingerprint(r),
        aliases: r.aliases.map((a) => a.name),
        placesOfBirth: placesOfBirth(r.remarks),
        addresses: r.addresses,
        listEntryId: r.sourceId,
        // Checked as it is read: a malformed value is a list that says nothing, never a failed screening.
        pep: r.pep ? (pepDetailsSchema.safeParse(r.pep).data ?? null) : null,
      },
    ]),
  );
}

function toHit(r: MatchResult, listing: Listing | undefined, subject: ListSubject): SanctionsHit {
  return {
    hitId: sanctionsHitId(r.id),
    ...(listing ? { listingFingerprint: listing.fingerprint } : {}),
    entityId: r.id,
    name: r.name,
    matchedName: r.matchedName,
    score: Math.round(r.score * 1000) / 1000,
    schema: r.schema,
    programs: listing?.programs ?? [],
    nationality: r.nationality,
    birthDate: r.birthDate,
    sourceUrl: r.sourceUrl,
    differences: differences(r, subject),
    mismatches: mismatches(r, subject),
    explanation: r.explanation.parts,
    ...(r.evidence ? { evidence: evidenceView(r.evidence) } : {}),
    ...(r.partial ? { partial: true } : {}),
    ...(listing ? { aliases: listing.aliases, placesOfBirth: listing.placesOfBirth, addresses: listing.addresses, listEntryId: listing.listEntryId } : {}),
  };
}

/** The matcher's evidence as stored with a hit. */
function evidenceView(e: NonNullable<MatchResult["evidence"]>): MatchEvidence {
  return {
    nameScore: e.nameScore,
    ...(e.identifier ? { identifier: e.identifier } : {}),
    ...(e.birthDate ? { birthDate: e.birthDate } : {}),
    ...(e.nationality ? { nationality: e.nationality } : {}),
    ...(e.nameMatchesBirthDateDiffers ? { nameMatchesBirthDateDiffers: true } : {}),
  };
}

/** The score of the name alone: the details may have raised, capped or decided the score (evidence). */
const nameScoreOf = (r: MatchResult) => Math.round((r.evidence?.nameScore ?? r.score) * 1000) / 1000;

/** The nationality the listing is compared with: the details' one, else the search's country. */
const searchedNationality = (subject: ListSubject) => subject.details?.nationality ?? subject.country ?? null;

/** What does not agree between the screened subject and the listing, as facts a display words. */
function mismatches(r: MatchResult, subject: ListSubject): Mismatch[] {
  const out: Mismatch[] = [];
  const nameScore = nameScoreOf(r);
  if (nameScore < 1) out.push({ kind: "name", score: nameScore, ...(r.matchedName !== r.name ? { listedName: r.matchedName } : {}) });
  const nationality = searchedNationality(subject);
  if (nationality && r.nationality.length > 0) {
    const wanted = countryKey(nationality);
    if (!r.nationality.some((n) => countryKey(n) === wanted)) out.push({ kind: "nationality", listed: r.nationality, searched: nationality });
  }
  if (r.evidence?.birthDate === "differs" && subject.details?.birthDate)
    out.push({ kind: "birth_date", listed: r.birthDate, searched: subject.details.birthDate });
  return out;
}

/** What does not agree between the screened subject and the listing. */
function differences(r: MatchResult, subject: ListSubject): string[] {
  const out: string[] = [];
  const nameScore = nameScoreOf(r);
  if (nameScore < 1) out.push(`name similarity ${percent(nameScore)}${r.matchedName !== r.name ? ` (on the listed name '${r.matchedName}')` : ""}`);
  const nationality = searchedNationality(subject);
  if (nationality && r.nationality.length > 0) {
    const wanted = countryKey(nationality);
    if (!r.nationality.some((n) => countryKey(n) === wanted)) {
      out.push(
        `nationality: listed ${r.nationality.join(", ")}, the ${subject.details?.nationality ? "searched nationality" : "search's country"} is ${countryName(nationality)}`,
      );
    }
  }
  if (r.evidence?.birthDate === "differs" && subject.details?.birthDate) {
    out.push(
      `${r.evidence.nameMatchesBirthDateDiffers ? "name matches, birth date differs" : "birth date differs"}: listed ${r.birthDate.join(", ")}, searched ${subject.details.birthDate}`,
    );
  }
  return out;
}

function describeRow(hits: SanctionsHit[], matches: number, version: Version, threshold: number): string {
  const listed = `${version.entityCount} listed entities, version of ${version.versionDate.toISOString().slice(0, 10)}`;
  if (hits.length === 0) return `No match among ${listed}.`;
  const describe = (h: SanctionsHit) =>
    [
      `${h.name} (${h.schema}, ${percent(h.score)})`,
      h.evidence?.identifier ? `identifier ${h.evidence.identifier.kind.replace("_", " ")} ${h.evidence.identifier.value} matches` : null,
      h.programs.length ? `programs: ${h.programs.join(", ")}` : null,
      h.nationality.length ? `nationality: ${h.nationality.join(", ")}` : null,
      h.birthDate.length ? `born: ${h.birthDate.join(", ")}` : null,
      h.differences.length ? `differs: ${h.differences.join("; ")}` : null,
    ]
      .filter(Boolean)
      .join("; ");
  const matched = hits.slice(0, matches);
  const near = hits.slice(matches);
  const parts: string[] = [];
  if (matched.length) parts.push(`${matched.length === 1 ? "Match" : `${matched.length} matches`}: ${matched.map(describe).join(" | ")}`);
  else parts.push(`No match among ${listed}`);
  if (near.length)
    parts.push(`possible ${near.length === 1 ? "match" : "matches"} under the ${percent(threshold)} threshold: ${near.map(describe).join(" | ")}`);
  return `${parts.join(". ")}.`;
}

function pepListing(m: MatchResult, dataset: DatasetRow, version: Version, subject: ListSubject, listing: Listing | undefined): PepListing {
  return {
    hitId: pepHitId({ entityId: m.id, dataset: dataset.sourceName, name: m.name }),
    entityId: m.id,
    ...(listing ? { listingFingerprint: listing.fingerprint } : {}),
    name: m.name,
    matchedName: m.matchedName,
    score: Math.round(m.score * 1000) / 1000,
    dataset: dataset.sourceName,
    datasetId: dataset.id,
    listVersion: version.versionDate.toISOString(),
    url: m.sourceUrl ?? listUrl(dataset),
    nationality: m.nationality,
    birthDate: m.birthDate,
    mismatches: mismatches(m, subject).filter((x) => x.kind !== "name"),
    explanation: m.explanation.parts,
    ...(m.evidence ? { evidence: evidenceView(m.evidence) } : {}),
    // A list that says nothing of the role makes a plain PEP listing (pepListingSchema).
    role: listing?.pep?.role ?? "pep",
    positions: listing?.pep?.positions ?? [],
    relatedPeps: listing?.pep?.relatedPeps ?? [],
  };
}

function failed(dataset: DatasetRow, errorCode: SourceErrorCode, error: string, errorParams?: FactParams): SourceStatus {
  return { source: dataset.sourceName, kind: dataset.datasetType, status: "failed", error, errorCode, ...(errorParams ? { errorParams } : {}) };
}

const listUrl = (dataset: DatasetRow): string | null => dataset.urls[0]?.url ?? null;
const percent = (score: number) => `${Math.round(score * 100)}%`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
