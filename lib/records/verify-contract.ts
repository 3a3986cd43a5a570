/**
 * What verifying a stored search answers (`duecheck searches verify ID`, POST /api/admin/searches/{id}/verify): the
 * search's lists screened again, against the dataset versions it recorded, with the matcher thresholds it recorded,
 * and the hits compared with the stored ones. Only zod is imported: the browser may bundle this file.
 */
import { z } from "zod";

/** identical: the same hits with the same scores; different: see differences; cannot_verify: see reason. */
export const VERIFY_OUTCOMES = ["identical", "different", "cannot_verify"] as const;

/** stored_before_versions: the search predates recorded versions and thresholds; not_screened: it has no results. */
export const CANNOT_VERIFY_REASONS = ["stored_before_versions", "not_screened"] as const;

const hitKey = {
  /** sanctions rows or PEP listings */
  list: z.enum(["sanctions", "pep"]),
  datasetId: z.string(),
  entityId: z.string(),
  name: z.string(),
};
const hitState = z.object({ score: z.number(), match: z.boolean() });

export const verifyDifferenceSchema = z.discriminatedUnion("kind", [
  /** The matching rules changed since the search (lib/sanctions/matcher/version.ts). */
  z.object({ kind: z.literal("matcher_version"), stored: z.string(), current: z.string() }),
  /** A version the search was screened against was deleted: its list cannot be screened again. */
  z.object({ kind: z.literal("version_missing"), datasetId: z.string(), versionId: z.string() }),
  /** The version's entities are not those the search was screened against (their checksum differs). */
  z.object({ kind: z.literal("version_changed"), datasetId: z.string(), versionId: z.string(), stored: z.string(), current: z.string() }),
  z.object({ kind: z.literal("hit_appeared"), ...hitKey, now: hitState }),
  z.object({ kind: z.literal("hit_disappeared"), ...hitKey, stored: hitState }),
  z.object({ kind: z.literal("hit_changed"), ...hitKey, stored: hitState, now: hitState }),
]);
export type VerifyDifference = z.infer<typeof verifyDifferenceSchema>;

export const searchVerificationSchema = z.object({
  searchId: z.string(),
  outcome: z.enum(VERIFY_OUTCOMES),
  reason: z.enum(CANNOT_VERIFY_REASONS).optional(),
  /** One English sentence: "identical", or what kept it from being so. */
  message: z.string(),
  differences: z.array(verifyDifferenceSchema),
  /** The dataset versions screened again. */
  versions: z.array(z.object({ datasetId: z.string(), versionId: z.string() })),
  matcherVersion: z.string().nullable(),
  /** Always false: news cannot be fetched again as it was, so adverse media is not re-derived. */
  adverseMediaRederived: z.literal(false),
});
export type SearchVerification = z.infer<typeof searchVerificationSchema>;

export const STORED_BEFORE_VERSIONS = "cannot be verified: stored before versions were recorded";
