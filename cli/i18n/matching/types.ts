import type { CompareDecision } from "../../../lib/sanctions/matcher/compare.ts";

/** The words of `duecheck sanctions compare` and of the explanations `duecheck sanctions search` prints. */
export interface MatchingCliText {
  namesOrFile: string;
  cannotRead: (path: string) => string;
  noPairs: (path: string) => string;
  /** A line of a pairs file that could not be answered: its number and what is wrong. */
  badLine: (line: number, problem: string) => string;
  notJson: string;
  notObject: string;
  /** How many lines of a pairs file could not be answered (the others were). */
  badLines: (count: number) => string;
  decisions: Record<CompareDecision, string>;
  /** "Score 92%: MATCH" */
  result: (score: string, decision: string) => string;
  pair: (query: string, candidate: string) => string;
  matchedName: (name: string) => string;
  weights: Record<"lists" | "plain", string>;
  noParts: string;
  columns: {
    searched: string;
    listed: string;
    how: string;
    similarity: string;
    line: string;
    score: string;
    decision: string;
    query: string;
    candidate: string;
    why: string;
  };
  /** A search result that names only part of the listed name: never a Match on the name alone. */
  partial: string;
}
