/**
 * Sanctions name matching: build a SanctionsIndex once per set of current dataset versions, then search it.
 * See sanctions-index.ts for the search's stages, score.ts for the scoring and tuning.ts for every weight and threshold.
 */

export { type CompareDecision, type CompareOptions, compareNames, guessType, type NameComparison } from "./compare.ts";
export { SanctionsIndexBuilder } from "./index-builder.ts";
export { type BuildOptions, DEFAULT_MATCH_THRESHOLD, SanctionsIndex } from "./sanctions-index.ts";
export { NEAR_MISS_MARGIN } from "./tuning.ts";
export type { MatchExplanation, MatchOptions, MatchResult, NamePart, NamePartMatch } from "./types.ts";
export { NAME_PART_MATCHES } from "./types.ts";
export { MATCHER_VERSION } from "./version.ts";
