/**
 * Sanctions name matching: build a SanctionsIndex once per set of current dataset versions, then search it.
 * See sanctions-index.ts for the design and score.ts for the scoring.
 */
export { DEFAULT_MATCH_THRESHOLD, SanctionsIndex } from "./sanctions-index.ts";
export type { MatchOptions, MatchResult } from "./types.ts";
