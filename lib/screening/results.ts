/**
 * The stored results of one screening (searches.results) and the shapes the pipeline, the web app, the
 * exports and the public API share. Only zod is imported: the web bundle includes this file.
 */
import { z } from "zod";

export const RISK_LEVELS = ["low", "medium", "high", "critical"] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const MEDIA_CATEGORIES = ["negative", "PEP", "positive", "criminal", "sanctions", "corruption", "others"] as const;
export const mediaCategorySchema = z.enum(MEDIA_CATEGORIES);
export type MediaCategory = z.infer<typeof mediaCategorySchema>;

/** One listed entity that matched the screened name in a dataset. */
export const sanctionsHitSchema = z.object({
  entityId: z.string(),
  name: z.string(),
  matchedName: z.string(),
  score: z.number().min(0).max(1),
  schema: z.string(),
  programs: z.array(z.string()),
  nationality: z.array(z.string()),
  birthDate: z.array(z.string()),
  sourceUrl: z.string().nullable(),
  /** What differs between the query and the listing, e.g. a birth date that does not agree. */
  differences: z.array(z.string()),
});
export type SanctionsHit = z.infer<typeof sanctionsHitSchema>;

/** One row per dataset searched (spec: sanctionsList[] with source, match, details, lastUpdated, entityCount, url). */
export const sanctionsRowSchema = z.object({
  source: z.string(),
  datasetId: z.string(),
  match: z.boolean(),
  details: z.string(),
  /** The date of the dataset version searched. */
  lastUpdated: z.string().nullable(),
  /** Number of matched entities. */
  entityCount: z.number().int().min(0),
  url: z.string().nullable(),
  hits: z.array(sanctionsHitSchema),
});
export type SanctionsRow = z.infer<typeof sanctionsRowSchema>;

/** An adverse-media article or a PEP listing (category PEP), as the spec's adverseMedia[] items. */
export const mediaItemSchema = z.object({
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  date: z.string().nullable(),
  url: z.string(),
  category: mediaCategorySchema,
  isNegative: z.boolean(),
  language: z.string().optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** Whether each source answered: a search with a failed source is never reported clean. */
export const sourceStatusSchema = z.object({
  source: z.string(),
  kind: z.enum(["sanctions", "pep", "media", "classifier", "summary"]),
  status: z.enum(["ok", "failed"]),
  error: z.string().optional(),
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
    "source_failed",
    "no_findings",
  ]),
  level: riskLevelSchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RiskReason = z.infer<typeof riskReasonSchema>;

export const datasetUsedSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["sanctions", "pep"]),
  versionDate: z.string(),
  entityCount: z.number().int(),
});

export const searchResultsSchema = z.object({
  sanctionsList: z.array(sanctionsRowSchema),
  adverseMedia: z.array(mediaItemSchema),
  risk: z.object({ level: riskLevelSchema, reasons: z.array(riskReasonSchema) }),
  sources: z.array(sourceStatusSchema),
  datasetsUsed: z.array(datasetUsedSchema),
  /** True only when every source answered and nothing was found. */
  clean: z.boolean(),
  summarySource: z.enum(["model", "built_in"]),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
