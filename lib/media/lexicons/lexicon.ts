/**
 * The shape of one language's lexicon. An entry is one or more words that must follow each other; each word:
 *   fraud      the exact word (after normalization: ASCII, lower case, so "Geldwäsche" is written geldwasche)
 *   fraud*     a word starting with it (fraudulent, fraudster)
 *   *betrug    a word ending with it (Steuerbetrug)
 *   *betrug*   a word containing it (Betrugsvorwurf, Anlagebetrüger)
 *   ^...       the word must be capitalized in the text (German nouns: "Betrug", not the verb "betrug")
 *   ~          up to six words of any kind ("charges ~ dropped")
 * and maps to a weight: 3 names the offence itself, 2 is a clear signal, 1 a weak one.
 */
export type ScoredCategory = "sanctions" | "corruption" | "criminal" | "negative" | "PEP" | "positive";

export interface Lexicon {
  categories: Record<ScoredCategory, Record<string, number>>;
  /** The subject was cleared: negative signals near these, in the same clause, do not count. */
  exoneration: string[];
  /** "fight against", "anti": a negative term right after these is the opposite of an accusation. */
  opposing: string[];
  /** A negative term right before these is a topic, not an accusation ("fraud prevention", "sanctions expert"). */
  topicWords: string[];
  /** Inside a compound, these turn a negative term into a topic ("Korruptionsbekämpfung"). */
  topicParts: string[];
  /** Skipped when looking back for an opposing word ("the fight against *the* corruption"). */
  fillers: string[];
  /** Start a new clause ("cleared of fraud *but* convicted of bribery"). */
  contrast: string[];
}
