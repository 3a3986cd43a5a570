/**
 * The stored results of one screening (searches.results) and the shapes the pipeline, the web app, the
 * exports and the public API share. Only zod is imported: the web bundle includes this file.
 */
import { z } from "zod";
import { mediaItemSchema } from "../media/contract.ts";
import { NAME_PART_MATCHES } from "../sanctions/matcher/types.ts";
import { PEP_ROLES, pepPositionSchema, relatedPepSchema } from "../sanctions/pep.ts";
import { assignHitIds } from "./hit-ids.ts";
import { IDENTIFIER_KINDS } from "./schemas.ts";

// The articles' shape and categories are adverse media's (lib/media/contract.ts); the results' readers find them here.
export { MEDIA_CATEGORIES, type MediaCategory, type MediaItem, mediaCategorySchema, mediaItemSchema } from "../media/contract.ts";

export const RISK_LEVELS = ["low", "medium", "high", "critical"] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/** Facts a display turns into words (codes and values, never sentences): the stored values stay raw for the API. */
export const factParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type FactParams = z.infer<typeof factParamsSchema>;

/** What differs between the screened subject and a listing: a name that is not identical, a nationality that disagrees. */
export const mismatchSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("name"), score: z.number(), listedName: z.string().optional() }),
  z.object({ kind: z.literal("nationality"), listed: z.array(z.string()), searched: z.string() }),
  /** The searched birth date clearly differs from every listed one (query by example). */
  z.object({ kind: z.literal("birth_date"), listed: z.array(z.string()), searched: z.string() }),
]);
export type Mismatch = z.infer<typeof mismatchSchema>;

/** Which part of the screened name met which part of the listed name, and how (see lib/sanctions/matcher/types.ts). */
export const namePartSchema = z.object({
  query: z.string().nullable(),
  listed: z.string().nullable(),
  how: z.enum(NAME_PART_MATCHES),
  similarity: z.number().min(0).max(1),
});
export type NamePartView = z.infer<typeof namePartSchema>;

/** What the search's details (query by example) say of a listing. */
export const matchEvidenceSchema = z.object({
  /** A searched identifier the listing also carries: decisive, the listing matches whatever the name score. */
  identifier: z.object({ kind: z.enum(IDENTIFIER_KINDS), value: z.string() }).optional(),
  /** The searched birth date against the listed ones; "differs" only when every listed date clearly conflicts. */
  birthDate: z.enum(["agrees", "differs"]).optional(),
  nationality: z.enum(["agrees", "differs"]).optional(),
  /** The name alone reaches the threshold but a conflicting birth date keeps the listing a near miss. */
  nameMatchesBirthDateDiffers: z.boolean().optional(),
  /**
   * The name's own score; the hit's score is the one after the details were weighed (an identifier makes it 1, an
   * agreeing birth date or nationality raises it a little, a conflicting birth date caps it under the threshold).
   */
  nameScore: z.number().min(0).max(1).optional(),
});
export type MatchEvidence = z.infer<typeof matchEvidenceSchema>;

/**
 * A remembered clearance that met the hit: `clearance` when the listing is unchanged (the hit is shown but raises
 * nothing), `clearanceChanged` when the listing changed since it was cleared (the hit is flagged again).
 */
export const clearanceMarkSchema = z.object({
  clearanceId: z.string(),
  decidedAt: z.string(),
  decidedBy: z.string().nullable(),
  reason: z.string(),
  text: z.string().optional(),
});

/** What every hit carries for its review: its id within the search, and what a remembered clearance said of it. */
const reviewable = {
  /** Stable and unique within the search (hit-ids.ts). */
  hitId: z.string(),
  /** The listing's content when screened (names, identifiers, programmes, dates): a changed listing is flagged again. */
  listingFingerprint: z.string().optional(),
  clearance: clearanceMarkSchema.optional(),
  clearanceChanged: clearanceMarkSchema.optional(),
};

/** One listed entity that matched the screened name in a dataset. */
export const sanctionsHitSchema = z.object({
  ...reviewable,
  entityId: z.string(),
  name: z.string(),
  matchedName: z.string(),
  score: z.number().min(0).max(1),
  schema: z.string(),
  programs: z.array(z.string()),
  nationality: z.array(z.string()),
  birthDate: z.array(z.string()),
  sourceUrl: z.string().nullable(),
  /** What differs between the query and the listing, in English (kept for API clients; screens render `mismatches`). */
  differences: z.array(z.string()),
  /** The same as facts; absent in searches stored before it existed. */
  mismatches: z.array(mismatchSchema).optional(),
  /** Which name parts matched and how; absent in searches stored before it existed. */
  explanation: z.array(namePartSchema).optional(),
  /** Present when the search carried details (birth date, nationality, identifiers). */
  evidence: matchEvidenceSchema.optional(),
  /** A lone name met a person listed under more names: a partial match, never counted a match (the matcher's rule). */
  partial: z.boolean().optional(),
  /** The listing as stored (absent in searches stored before these existed): its other names, as published. */
  aliases: z.array(z.string()).optional(),
  /** Places of birth the listing gives. */
  placesOfBirth: z.array(z.string()).optional(),
  addresses: z.array(z.string()).optional(),
  /** The publisher's own id of the entry (OFAC's ent_num, the UN's reference number...). */
  listEntryId: z.string().optional(),
});
export type SanctionsHit = z.infer<typeof sanctionsHitSchema>;

/** One row per dataset searched, the result's sanctionsList[]: whether it matched, its details, version date and matches. */
export const sanctionsRowSchema = z.object({
  source: z.string(),
  datasetId: z.string(),
  match: z.boolean(),
  /** In English, for API clients; screens and exports describe the row from its facts. */
  details: z.string(),
  /** The date of the dataset version searched. */
  lastUpdated: z.string().nullable(),
  /** Number of matched entities. */
  entityCount: z.number().int().min(0),
  url: z.string().nullable(),
  hits: z.array(sanctionsHitSchema),
  /** Entities in the version searched; absent in searches stored before it existed. */
  listedEntities: z.number().int().min(0).optional(),
  /** The organisation's own watchlist (lib/watchlists), not a published list; absent for a published list. */
  internal: z.literal(true).optional(),
});
export type SanctionsRow = z.infer<typeof sanctionsRowSchema>;

/** A politically exposed person listing that matched the screened name (the results show 'PEP Status Detected'). */
export const pepListingSchema = z.object({
  ...reviewable,
  /** The listed entity; absent in listings stored before it existed. */
  entityId: z.string().optional(),
  name: z.string(),
  matchedName: z.string().optional(),
  /** Name similarity 0..1; absent in listings stored before it existed. */
  score: z.number().min(0).max(1).optional(),
  /** The PEP list's name and id. */
  dataset: z.string(),
  datasetId: z.string().optional(),
  /** The date of the list version searched. */
  listVersion: z.string().nullable(),
  /** The listing itself, else the list. */
  url: z.string().nullable(),
  nationality: z.array(z.string()).default([]),
  birthDate: z.array(z.string()).default([]),
  mismatches: z.array(mismatchSchema).default([]),
  explanation: z.array(namePartSchema).optional(),
  evidence: matchEvidenceSchema.optional(),
  /**
   * pep: the listed person holds or held a public position; rca: a relative or close associate of one. A list that
   * says neither (and listings stored before it existed) reads as "pep" with no positions and no related PEP.
   */
  role: z.enum(PEP_ROLES).default("pep"),
  /** The positions the list gives, current ones first, each with its country, level and dates as published. */
  positions: z.array(pepPositionSchema).default([]),
  /** For a relative or close associate: whose one, and how (as published: spouse, child, associate…). */
  relatedPeps: z.array(relatedPepSchema).default([]),
});
export type PepListing = z.infer<typeof pepListingSchema>;

/** Why a source gave no answer, as a code displays translate (with errorParams); `error` keeps the technical detail. */
export const SOURCE_ERROR_CODES = [
  "not_configured",
  "never_downloaded",
  "index_failed",
  "list_search_failed",
  "unreachable",
  "timeout",
  "http_error",
  "rate_limited",
  "bad_answer",
  "too_large",
  "cancelled",
  "model_failed",
  "unexpected",
] as const;
export const sourceErrorCodeSchema = z.enum(SOURCE_ERROR_CODES);
export type SourceErrorCode = z.infer<typeof sourceErrorCodeSchema>;

export const SOURCE_KINDS = ["sanctions", "pep", "media", "classifier", "summary"] as const;

/** Whether each source answered: a search with a failed source is never reported clean. */
export const sourceStatusSchema = z.object({
  /** A list's or provider's name; for a kind with nothing configured, a generic English name (screens show the kind). */
  source: z.string(),
  kind: z.enum(SOURCE_KINDS),
  status: z.enum(["ok", "failed"]),
  /** The technical detail, in English, for the API and logs; never shown to people as is. */
  error: z.string().optional(),
  /** Absent in searches stored before it existed: they are shown as 'could not be checked'. */
  errorCode: sourceErrorCodeSchema.optional(),
  errorParams: factParamsSchema.optional(),
});
export type SourceStatus = z.infer<typeof sourceStatusSchema>;

/** A reason for the risk level: a stable code (translated by the UI and the exports), its level, and its facts. */
export const riskReasonSchema = z.object({
  code: z.enum([
    "sanctions_match_confirmed",
    "sanctions_match",
    "sanctions_possible_match",
    "pep",
    "negative_media",
    /** One reason for every source that could not be checked (params.count); the sources are results.sources. */
    "source_failed",
    "no_findings",
  ]),
  level: riskLevelSchema,
  params: factParamsSchema,
});
export type RiskReason = z.infer<typeof riskReasonSchema>;

export const datasetUsedSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["sanctions", "pep"]),
  versionDate: z.string(),
  entityCount: z.number().int(),
  /** The version screened against and the checksum of its entities then; absent in searches stored before them. */
  versionId: z.string().optional(),
  checksum: z.string().optional(),
  /** The organisation's own watchlist; absent for a published list. */
  internal: z.literal(true).optional(),
});

export const datasetDisabledSchema = z.object({ id: z.string(), name: z.string(), type: z.enum(["sanctions", "pep"]) });

/** The matcher's settings a screening ran with: with the same versions and options, they give the same hits. */
export const screeningThresholdsSchema = z.object({
  /** A listing at or above this score is a match. */
  match: z.number(),
  /** Listings scoring at least this under the threshold are shown as near misses. */
  nearMissScore: z.number(),
  /** Results asked of the index per list. */
  resultsPerList: z.number().int(),
  /** Near misses kept per list. */
  nearMisses: z.number().int(),
});
export type ScreeningThresholds = z.infer<typeof screeningThresholdsSchema>;

/** What produced a screening's list results, so it can be re-derived (`duecheck searches verify`). */
export const provenanceSchema = z.object({
  /** lib/sanctions/matcher/version.ts: bumped whenever a matching rule changes. */
  matcherVersion: z.string(),
  thresholds: screeningThresholdsSchema,
  /** The options that shaped the result, as the search asked them. */
  options: z.object({
    term: z.string(),
    entityType: z.enum(["person", "company"]),
    country: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    /** Adverse media only: the news cannot be fetched again as it was, so verification re-runs the lists alone. */
    language: z.string(),
    numLinks: z.number().int(),
  }),
});
export type Provenance = z.infer<typeof provenanceSchema>;

export const searchResultsSchema = z.object({
  sanctionsList: z.array(sanctionsRowSchema),
  adverseMedia: z.array(mediaItemSchema),
  pepListings: z.array(pepListingSchema).default([]),
  risk: z.object({ level: riskLevelSchema, reasons: z.array(riskReasonSchema) }),
  sources: z.array(sourceStatusSchema),
  datasetsUsed: z.array(datasetUsedSchema),
  /** The lists an administrator had disabled when the search ran (not searched); absent in searches stored before it. */
  datasetsDisabled: z.array(datasetDisabledSchema).optional(),
  /** True only when every source answered and nothing was found. */
  clean: z.boolean(),
  summarySource: z.enum(["model", "built_in"]),
  /** The language the stored summary was written in; absent in searches stored before it existed. */
  summaryLanguage: z.string().optional(),
  /** The matcher and options the lists were screened with; absent in searches stored before it existed. */
  provenance: provenanceSchema.optional(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/**
 * False when no news provider answered (every one failed, or none is configured): nothing is known about adverse
 * media then, and an empty adverseMedia means unknown, not none.
 */
export function mediaChecked(results: Pick<SearchResults, "sources" | "adverseMedia">): boolean {
  return results.adverseMedia.length > 0 || results.sources.some((s) => s.kind === "media" && s.status === "ok");
}

/** 'PEP Status Detected': a PEP list names the subject, or an article is about the subject as a PEP. */
export function pepDetected(results: Pick<SearchResults, "pepListings" | "adverseMedia">): boolean {
  return results.pepListings.length > 0 || results.adverseMedia.some((m) => m.category === "PEP");
}

/** Sources that could not be checked; the summary's failure is not one (the summary is written from the findings). */
export function failedSources(results: Pick<SearchResults, "sources">): SearchResults["sources"] {
  return results.sources.filter((s) => s.status === "failed" && s.kind !== "summary");
}

const OLD_PEP_TITLE = /^Politically exposed person: /;

/**
 * Stored results in today's shape, whatever version of the pipeline stored them: PEP listings kept among the media
 * move to pepListings, and one source_failed reason per source becomes one for all. Null when there are none.
 */
export function readResults(raw: unknown): SearchResults | null {
  if (raw === null || raw === undefined) return null;
  // Results stored before hits had ids get them now, derived from the hits themselves (the same ids every time).
  if (typeof raw === "object") raw = assignHitIds(structuredClone(raw));
  const parsed = searchResultsSchema.safeParse(raw);
  if (!parsed.success) return raw as SearchResults;
  const results = parsed.data;
  // Before pepListings, the pipeline stored PEP listings as media items; since, an article of category PEP is news.
  const stored = raw as { pepListings?: unknown };
  const oldPeps = stored.pepListings === undefined ? results.adverseMedia.filter((m) => m.category === "PEP") : [];
  if (oldPeps.length > 0) {
    results.adverseMedia = results.adverseMedia.filter((m) => m.category !== "PEP");
    results.pepListings = [
      ...results.pepListings,
      ...oldPeps.map((m) => ({
        hitId: m.hitId,
        name: m.title.replace(OLD_PEP_TITLE, ""),
        dataset: m.source,
        listVersion: m.date,
        url: m.url || null,
        nationality: [],
        birthDate: [],
        mismatches: [],
        role: "pep" as const,
        positions: [],
        relatedPeps: [],
      })),
    ];
  }
  const sourceReasons = results.risk.reasons.filter((r) => r.code === "source_failed");
  if (sourceReasons.length > 1) {
    const first = results.risk.reasons.indexOf(sourceReasons[0]);
    const merged: RiskReason = { code: "source_failed", level: sourceReasons[0].level, params: { count: sourceReasons.length } };
    results.risk.reasons = results.risk.reasons
      .filter((r, i) => r.code !== "source_failed" || i === first)
      .map((r) => (r.code === "source_failed" ? merged : r));
  }
  return results;
}
