/**
 * What a clearance must rest on. A false positive "because the birth date differs" says nothing when the search gave
 * no birth date: the reviewer compared the listing with nothing. So a reason that compares a detail needs the search
 * to have given that detail (birth date; nationality, which the news country stands for when none was given, as the
 * matcher reads it; gender, which no search gives today, so different_gender is refused until one can). And with the
 * written-reason setting on, clearing a sanctions match (a listing at or over the match threshold, not a partial or
 * near miss) needs a written reason of at least CLEAR_MATCH_TEXT_MIN characters. Pure: the browser and the CLI offer
 * only what the server takes.
 */
import type { DecisionReason } from "./contract.ts";

export const SEARCH_DETAIL_KINDS = ["birthDate", "nationality", "gender"] as const;
export type SearchDetailKind = (typeof SEARCH_DETAIL_KINDS)[number];

/** The reasons that compare a detail of the subject with the listing's, and the detail each needs. */
export const REASON_NEEDS: Partial<Record<DecisionReason, SearchDetailKind>> = {
  different_birth_date: "birthDate",
  different_nationality: "nationality",
  different_gender: "gender",
};

const DETAIL_WORDS: Record<SearchDetailKind, string> = { birthDate: "birth date", nationality: "nationality", gender: "gender" };

/** The written reason a cleared sanctions match needs when the setting is on. */
export const CLEAR_MATCH_TEXT_MIN = 20;

/** What the search gave, as the clearance rules read it. */
export interface GivenDetails {
  birthDate?: string | null;
  nationality?: string | null;
  gender?: string | null;
}

/** The details the search did not give, of those the reasons need. */
export function missingDetails(given: GivenDetails): SearchDetailKind[] {
  return SEARCH_DETAIL_KINDS.filter((kind) => !given[kind]);
}

/** The detail a reason needs and the search did not give; null when the reason stands. */
export function missingDetailFor(reason: DecisionReason, missing: readonly SearchDetailKind[]): SearchDetailKind | null {
  const needed = REASON_NEEDS[reason];
  return needed && missing.includes(needed) ? needed : null;
}

/** The refusal's words (HTTP and the CLI answer them in English). */
export function missingDetailMessage(reason: DecisionReason, detail: SearchDetailKind): string {
  return `reason ${reason} needs the subject's ${DETAIL_WORDS[detail]}, and this search did not give one: add it to a new search, or choose another reason`;
}

export const clearMatchTextMessage = (min: number = CLEAR_MATCH_TEXT_MIN) =>
  `Clearing a sanctions match needs a written reason of at least ${min} characters in text (the setting "a written reason to clear a sanctions match" is on)`;

/** Whether the text meets the written-reason rule (counted after trimming, as it is stored). */
export function meetsClearMatchText(text: string | null | undefined, min: number = CLEAR_MATCH_TEXT_MIN): boolean {
  return (text ?? "").trim().length >= min;
}

/** The `clearance` of a search's review: what a decision on its hits must rest on. */
export interface ClearanceRulesView {
  /** Details the search did not give: the reasons that need them are refused. */
  missingDetails: SearchDetailKind[];
  /** With the written-reason setting on, the characters a false positive on a sanctions match needs; else null. */
  matchTextMin: number | null;
  /** The search's sanctions hits that are matches (not near misses or partial matches). */
  sanctionsMatchHitIds: string[];
}
