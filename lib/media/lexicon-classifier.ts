/**
 * The built-in classifier: curated lexicons (en, de, es, fr) scored over the headline and snippet.
 * Deterministic and cheap; used when no language model is configured or when the model fails.
 *
 * Every lexicon entry found adds its weight to its category. Negative signals do not count when the subject
 * was cleared nearby in the same clause ("acquitted of fraud", "vom Betrugsvorwurf freigesprochen"), when an
 * opposing word precedes them ("fight against corruption", "anti-money laundering") or when they only name a
 * topic ("fraud prevention", "Korruptionsbekämpfung"). Then:
 *   - negative signals worth 2 or more: a negative category. The words naming the offence (bribery, fraud,
 *     sanctions) choose it over procedural ones (arrested, sentenced); ties go sanctions, corruption, criminal,
 *     negative. So a minister sentenced to prison for corruption is "corruption", not "criminal" or "PEP";
 *   - otherwise PEP, then positive, each from 2 points;
 *   - otherwise "others".
 */

import { type ArticleClassifier, type Classification, type ClassificationInput, isNegativeCategory } from "./classifier";
import type { MediaCategory } from "./contract";
import { de } from "./lexicons/de";
import { en } from "./lexicons/en";
import { es } from "./lexicons/es";
import { fr } from "./lexicons/fr";
import type { Lexicon, ScoredCategory } from "./lexicons/lexicon";
import { tokenizeText, type WordToken } from "./text-tokens";

const LEXICONS: Record<string, Lexicon> = { en, de, es, fr };

const NEGATIVE_ORDER: ScoredCategory[] = ["sanctions", "corruption", "criminal", "negative"];
const THRESHOLD = 2;
/** How far (in words) an exoneration reaches within its clause. */
const EXONERATION_REACH = 8;
/** Colons and dashes join a headline's topic to its statement ("Fraud: John Smith acquitted"), so they do not break. */
const CLAUSE_BREAK = /[.!?;|]/;
/** How many words a "~" in a lexicon entry skips at most ("charges ~ dropped"). */
const MAX_SKIP = 6;

interface WordMatcher {
  text: string;
  mode: "exact" | "prefix" | "suffix" | "infix" | "skip";
  capitalized: boolean;
}
type Pattern = WordMatcher[];

function compileWord(spec: string): WordMatcher {
  if (spec === "~") return { text: "", mode: "skip", capitalized: false };
  const capitalized = spec.startsWith("^");
  let text = capitalized ? spec.slice(1) : spec;
  const lead = text.startsWith("*");
  const trail = text.endsWith("*") && text.length > 1;
  text = text.replace(/^\*|\*$/g, "");
  const mode = lead && trail ? "infix" : lead ? "suffix" : trail ? "prefix" : "exact";
  return { text, mode, capitalized };
}

const compilePattern = (entry: string): Pattern => entry.trim().split(/\s+/).map(compileWord);

function wordMatches(m: WordMatcher, token: WordToken): boolean {
  if (m.capitalized && !token.capitalized) return false;
  const w = token.norm;
  switch (m.mode) {
    case "exact":
      return w === m.text;
    case "prefix":
      return w.startsWith(m.text);
    case "suffix":
      return w.endsWith(m.text);
    case "infix":
      return w.includes(m.text);
    case "skip":
      return true;
  }
}

/** Where a match of the pattern starting at token i ends (exclusive), or -1. */
function matchEnd(pattern: Pattern, tokens: WordToken[], i: number, k = 0): number {
  if (k === pattern.length) return i;
  const m = pattern[k];
  if (m.mode === "skip") {
    for (let skip = 0; skip <= MAX_SKIP && i + skip <= tokens.length; skip++) {
      const end = matchEnd(pattern, tokens, i + skip, k + 1);
      if (end >= 0) return end;
    }
    return -1;
  }
  return i < tokens.length && wordMatches(m, tokens[i]) ? matchEnd(pattern, tokens, i + 1, k + 1) : -1;
}

const patternAt = (pattern: Pattern, tokens: WordToken[], i: number) => matchEnd(pattern, tokens, i) >= 0;

interface Entry {
  category: ScoredCategory;
  pattern: Pattern;
  weight: number;
}

interface CompiledLexicon {
  entries: Entry[];
  exoneration: Pattern[];
  opposing: Pattern[];
  topicWords: Pattern[];
  topicParts: string[];
  fillers: Set<string>;
  contrast: Pattern[];
}

function compileLexicon(lexicon: Lexicon): CompiledLexicon {
  const entries: Entry[] = [];
  for (const [category, words] of Object.entries(lexicon.categories) as [ScoredCategory, Record<string, number>][]) {
    for (const [entry, weight] of Object.entries(words)) entries.push({ category, pattern: compilePattern(entry), weight });
  }
  return {
    entries,
    exoneration: lexicon.exoneration.map(compilePattern),
    opposing: lexicon.opposing.map(compilePattern),
    topicWords: lexicon.topicWords.map(compilePattern),
    topicParts: lexicon.topicParts,
    fillers: new Set(lexicon.fillers),
    contrast: lexicon.contrast.map(compilePattern),
  };
}

const COMPILED = new Map(Object.entries(LEXICONS).map(([lang, lexicon]) => [lang, compileLexicon(lexicon)]));

interface Hit {
  category: ScoredCategory;
  start: number;
  end: number;
  weight: number;
  pattern: Pattern;
}

/** Clause number of every token: sentence punctuation and contrast words (but, aber, pero, mais) start a new one. */
function clauses(tokens: WordToken[], contrastStarts: Set<number>): number[] {
  let clause = 0;
  return tokens.map((t, i) => {
    if (i > 0 && (CLAUSE_BREAK.test(t.gapBefore) || contrastStarts.has(i))) clause++;
    return clause;
  });
}

function findAll(patterns: Pattern[], tokens: WordToken[]): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const pattern of patterns) {
    for (let i = 0; i < tokens.length; i++) {
      const end = matchEnd(pattern, tokens, i);
      if (end >= 0) found.push({ start: i, end });
    }
  }
  return found;
}

/** A negative hit that is not an accusation: "anti-corruption", "fight against fraud", "fraud prevention". */
function isTopicOnly(hit: Hit, tokens: WordToken[], lexicons: CompiledLexicon[]): boolean {
  for (let k = hit.start; k < hit.end; k++) {
    const word = tokens[k].norm;
    const m = hit.pattern[k - hit.start];
    if (!m || m.mode === "skip") continue;
    if (word.startsWith("anti") && !m.text.startsWith("anti")) return true;
    if (m.mode !== "exact" && lexicons.some((l) => l.topicParts.some((part) => word.includes(part) && !m.text.includes(part)))) return true;
  }
  for (const lexicon of lexicons) {
    let before = hit.start - 1;
    let skipped = 0;
    while (before >= 0 && skipped < 2 && lexicon.fillers.has(tokens[before].norm)) {
      before--;
      skipped++;
    }
    if (before >= 0 && lexicon.opposing.some((p) => p.length === 1 && patternAt(p, tokens, before))) return true;
    if (hit.end < tokens.length && lexicon.topicWords.some((p) => patternAt(p, tokens, hit.end))) return true;
  }
  return false;
}

/** Words between two ranges that do not overlap. */
const distance = (a: { start: number; end: number }, b: { start: number; end: number }) => (a.start >= b.end ? a.start - b.end : b.start - a.end);

function collectHits(tokens: WordToken[], lexicons: CompiledLexicon[]): Hit[] {
  const contrast = findAll(
    lexicons.flatMap((l) => l.contrast),
    tokens,
  );
  const inContrast = (start: number, end: number) => contrast.some((c) => start < c.end && c.start < end);
  const clauseOf = clauses(tokens, new Set(contrast.map((c) => c.start)));
  const exonerations = findAll(
    lexicons.flatMap((l) => l.exoneration),
    tokens,
  );
  const found: Hit[] = [];
  for (const lexicon of lexicons) {
    for (const entry of lexicon.entries) {
      for (let i = 0; i < tokens.length; i++) {
        const end = matchEnd(entry.pattern, tokens, i);
        if (end < 0) continue;
        const hit: Hit = { category: entry.category, start: i, end, weight: entry.weight, pattern: entry.pattern };
        if (!inContrast(hit.start, hit.end)) found.push(hit);
      }
    }
  }
  const dismissed = found.filter(
    (hit) =>
      NEGATIVE_ORDER.includes(hit.category) &&
      (exonerations.some((e) => e.start < hit.end && hit.start < e.end) ||
        exonerations.some((e) => clauseOf[e.start] === clauseOf[hit.start] && distance(e, hit) <= EXONERATION_REACH) ||
        isTopicOnly(hit, tokens, lexicons)),
  );
  // "laundering" inside a dismissed "anti-money laundering" goes with it.
  return found.filter((hit) => !(NEGATIVE_ORDER.includes(hit.category) && dismissed.some((d) => d.start <= hit.start && hit.end <= d.end)));
}

interface Scores {
  total: Record<ScoredCategory, number>;
  /** Points from words that name the offence itself (weight 3), not the procedure (arrested, sentenced). */
  offence: Record<ScoredCategory, number>;
}

const OFFENCE_WEIGHT = 3;
const zero = (): Record<ScoredCategory, number> => ({ sanctions: 0, corruption: 0, criminal: 0, negative: 0, PEP: 0, positive: 0 });

/** Per category, overlapping hits (one word in two lexicons, "charged" inside "charged with") count once, at the higher weight. */
function scores(hits: Hit[]): Scores {
  const result: Scores = { total: zero(), offence: zero() };
  const accepted: Hit[] = [];
  for (const hit of [...hits].sort((a, b) => b.weight - a.weight || a.start - b.start)) {
    if (accepted.some((h) => h.category === hit.category && hit.start < h.end && h.start < hit.end)) continue;
    accepted.push(hit);
    result.total[hit.category] += hit.weight;
    if (hit.weight >= OFFENCE_WEIGHT) result.offence[hit.category] += hit.weight;
  }
  return result;
}

const strongest = (score: Record<ScoredCategory, number>) => NEGATIVE_ORDER.reduce((best, c) => (score[c] > score[best] ? c : best), NEGATIVE_ORDER[0]);

function categoryFromScores({ total, offence }: Scores): MediaCategory {
  const negative = NEGATIVE_ORDER.reduce((sum, c) => sum + total[c], 0);
  if (negative >= THRESHOLD) {
    // The offence decides the category; the procedure (arrested, sentenced) only when no offence is named.
    return NEGATIVE_ORDER.some((c) => offence[c] > 0) ? strongest(offence) : strongest(total);
  }
  if (total.PEP >= THRESHOLD) return "PEP";
  if (total.positive >= THRESHOLD) return "positive";
  return "others";
}

/** The lexicons to read an article with: its own language, the search's, and English (quoted everywhere). */
function lexiconsFor(input: ClassificationInput): CompiledLexicon[] {
  const langs = new Set([input.article.language, input.language, "en"].map((l) => l?.toLowerCase()).filter((l) => COMPILED.has(l)));
  return [...langs].map((l) => COMPILED.get(l)!);
}

export function classifyArticle(input: ClassificationInput): Classification {
  const { article } = input;
  const text = article.snippet ? `${article.title}. ${article.snippet}` : article.title;
  const category = categoryFromScores(scores(collectHits(tokenizeText(text), lexiconsFor(input))));
  return { category, isNegative: isNegativeCategory(category) };
}

export class LexiconClassifier implements ArticleClassifier {
  readonly name = "built-in";

  async classify(items: ClassificationInput[]): Promise<Classification[]> {
    return items.map(classifyArticle);
  }
}
