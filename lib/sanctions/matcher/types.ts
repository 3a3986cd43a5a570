export interface MatchOptions {
  /** Person queries match only people; company queries match organizations, vessels and aircraft. */
  type?: "person" | "company";
  /** Dataset ids to search; all when absent or empty. */
  datasets?: string[];
  /** Default 10. */
  limit?: number;
  /** Overrides the index's threshold for the match flag. */
  threshold?: number;
}

export interface MatchResult {
  id: string;
  name: string;
  schema: string;
  /** 0..1 */
  score: number;
  /** score >= threshold */
  match: boolean;
  /** The primary name or alias that matched, as published. */
  matchedName: string;
  aliases: string[];
  nationality: string[];
  birthDate: string[];
  datasets: string[];
  sourceUrl: string | null;
}
