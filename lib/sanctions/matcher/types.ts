/**
 * What a search is asked and answers: its options, its results, and how each part of a result's name was met.
 */
import type { MatchDetails, MatchEvidence } from "./evidence.ts";

export interface MatchOptions {
  /** Person queries match only people; company queries match organizations, vessels and aircraft. */
  type?: "person" | "company";
  /** Dataset ids to search; all when absent or empty. */
  datasets?: string[];
  /** Default 10. */
  limit?: number;
  /** Overrides the index's threshold for the match flag. */
  threshold?: number;
  /** Results scoring under this are left out; default 60% of the threshold. */
  minScore?: number;
  /** Query by example: what else is known of the subject (evidence.ts weighs it). */
  details?: MatchDetails;
}

export interface MatchResult {
  id: string;
  name: string;
  schema: string;
  /** 0..1 */
  score: number;
  /** score >= threshold, unless the result is partial */
  match: boolean;
  /**
   * The query names only part of what identifies the listed name (a lone surname such as "Maduro", an underspecified
   * "Khamis Al"): ranked among the results, shown as a partial match, never a Match on the name alone.
   */
  partial?: boolean;
  /** The primary name or alias that matched, as published. */
  matchedName: string;
  aliases: string[];
  nationality: string[];
  birthDate: string[];
  datasets: string[];
  sourceUrl: string | null;
  /** Which parts of the name matched and how. */
  explanation: MatchExplanation;
  /** What the search's details say of this listing; present only when the search carried details. */
  evidence?: MatchEvidence;
}

/**
 * How a part of the searched name met a part of the listed name:
 * exact (the same word), spelling (a letter or two apart, or the same word spelt another way: Andrei/Andrey),
 * phonetic (sounds alike: Mohammed/Muhamad, Schwartz/Schwarz), transliteration (written in another script),
 * initial (a letter for a given name), joined (several searched words written as one in the listing),
 * split (one searched word written as several in the listing), missing (a searched word not in the listing),
 * extra (a listed word not in the search).
 */
export const NAME_PART_MATCHES = ["exact", "spelling", "phonetic", "nickname", "transliteration", "initial", "joined", "split", "missing", "extra"] as const;
export type NamePartMatch = (typeof NAME_PART_MATCHES)[number];

export interface NamePart {
  /** The searched word(s); null for a listed word the search does not have. */
  query: string | null;
  /** The listed word(s); null for a searched word the listing does not have. */
  listed: string | null;
  how: NamePartMatch;
  /** 0..1, rounded to two places. */
  similarity: number;
}

export interface MatchExplanation {
  /** In the order of the searched name, then the listed words left over. */
  parts: NamePart[];
}
