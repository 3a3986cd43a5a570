/**
 * Two names scored against each other the way a search scores a listed name: the candidate (with its aliases)
 * becomes a one-entity index whose name parts weigh their rarity in the real lists when `weights` is given, so
 * "Muhammad" counts for as little here as it does in a search.
 */
import { blankEntity, type EntitySchema } from "../entity.ts";
import { TokenClass } from "./lexicon.ts";
import { tokenize } from "./normalize.ts";
import { SanctionsIndex } from "./sanctions-index.ts";
import { DEFAULT_MATCH_THRESHOLD, NEAR_MISS_MARGIN } from "./tuning.ts";
import type { MatchExplanation } from "./types.ts";

export interface CompareOptions {
  type?: "person" | "company";
  aliases?: string[];
  threshold?: number;
  /** The index of the real lists, whose token frequencies weigh the name parts. */
  weights?: SanctionsIndex;
}

/** match: at or over the threshold; near_miss: within NEAR_MISS_MARGIN under it, what a search shows as a possible match. */
export type CompareDecision = "match" | "near_miss" | "no_match";

export interface NameComparison {
  score: number;
  decision: CompareDecision;
  /** The candidate's name or alias that scored best. */
  matchedName: string;
  explanation: MatchExplanation;
}

/** A name of unknown type is a company when it carries a legal form (LLC, GmbH, Limited). */
export function guessType(name: string): "person" | "company" {
  return tokenize(name, "company").some((t) => t.cls === TokenClass.LegalForm) ? "company" : "person";
}

export function compareNames(query: string, candidate: string, options: CompareOptions = {}): NameComparison {
  const type = options.type ?? guessType(candidate);
  const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
  const schema: EntitySchema = type === "company" ? "Organization" : "Person";
  const entity = blankEntity("compare", "candidate", schema, candidate);
  entity.aliases = (options.aliases ?? []).map((name) => ({ name, kind: "aka" as const }));
  const index = SanctionsIndex.build([entity], { threshold, weightsFrom: options.weights });
  const [best] = index.search(query, { type: options.type, limit: 1, minScore: 0 });
  if (!best) return { score: 0, decision: "no_match", matchedName: candidate, explanation: { parts: [] } };
  const decision: CompareDecision = best.match ? "match" : best.score >= threshold - NEAR_MISS_MARGIN ? "near_miss" : "no_match";
  return { score: best.score, decision, matchedName: best.matchedName, explanation: best.explanation };
}
