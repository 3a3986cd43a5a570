/**
 * Ranking rules: the order of a search's results once their names are scored, and the lone-name rule.
 *
 * - Score first (rounded to three places as shown). Names within TIE_MARGIN of each other are a tie: from the best
 *   down, each run of names within TIE_MARGIN of the run's first is ranked again: a Match before a near miss, then a
 *   listing that has every searched word exactly before one reached through a spelling or phonetic variant, then the
 *   listing more of whose name words the search met (Omar Mahmoud fits HADDAD, Omar Mahmoud better than SAIDI, Omar
 *   Mahmoud Abdelrahim Khalil), then the one that met more of the searched words' weight (their rarity x how closely
 *   each was met), then score. Names tied with the last one shown, up to TIE_POOL times the limit, compete for its
 *   place; remaining ties keep the index's order.
 * - A lone name ("Maduro", "Khamis Al": one name word besides particles and legal forms) does not identify a person
 *   who has more: such results are partial matches, never a Match on the name alone. Up to LONE_NAME_POOL times the
 *   limit (at least LONE_NAME_MIN_POOL) are ranked by how closely the word was found, then whether it is the listed
 *   family name, then score.
 * - With query-by-example details, the weighed score (evidence.ts) ranks, then an identifier found, then index order.
 */
import type { EntityIdentifier } from "../entity.ts";
import type { WeighedEvidence } from "./evidence.ts";
import { TokenClass } from "./lexicon.ts";
import type { PreparedQuery } from "./query.ts";
import { LONE_NAME_MIN_POOL, LONE_NAME_POOL, MAX_EVIDENCE_BONUS, MONONYM_TYPO, TIE_MARGIN, TIE_POOL } from "./tuning.ts";
import type { MatchResult } from "./types.ts";

/** An entity's best name as scored: the name's position in the index and its score. */
export interface ScoredName {
  score: number;
  name: number;
}

/** Makes the result of entity `e` found through name `name` (the explanation included); `weighed` when details weighed it. */
export type ShowResult = (e: number, name: number, score: number, weighed?: WeighedEvidence) => MatchResult;

const round = (score: number) => Math.round(score * 1000) / 1000;

/**
 * A query of one name word, besides particles and legal forms: a lone surname ("Maduro") or an underspecified one
 * ("Khamis Al"). An initial counts as a word (V. Putin).
 */
export function isLoneName(query: PreparedQuery): boolean {
  let words = 0;
  // A title may be a family name too (Al-Shaykh): it counts as a word.
  for (const t of query.tokens) if (t.cls === TokenClass.Name || t.cls === TokenClass.Honorific) words++;
  return words === 1;
}

/**
 * One name word does not identify a person who has more: a partial match, never a Match on its own. A listing that is
 * itself one name word (a mononym, as some UN listings are) and is found exactly (or written in another script) is
 * named whole by it: a Match, as is a typo of it (Hanibal, Hannibol for Hannibal: a letter doubled, dropped or changed
 * in a long word). A looser spelling variant of a mononym stays partial (Maduro is not the alias Mauro).
 */
function markPartial(r: MatchResult, listedWords: number): MatchResult {
  // A word that is the listed words written together (RamiMakhlouf) is a whole name.
  if (r.schema !== "Person" || r.explanation.parts.some((p) => p.how === "split")) return r;
  if (
    listedWords <= 1 &&
    r.explanation.parts.every((p) => p.how === "exact" || p.how === "transliteration" || (p.how === "spelling" && p.similarity >= MONONYM_TYPO))
  )
    return r;
  return { ...r, match: false, partial: true };
}

/**
 * A Chinese or Korean name is a family syllable and one or two given ones, and given syllables are shared by very many
 * people: a name searched in Han or Hangul that leaves the listed family name (before the comma: CHANG, Chi Fu) over
 * is someone else with a syllable or two in common (琪 付 is not Chang Chi Fu): a partial match, never a Match.
 */
function familySyllableLeftOver(r: MatchResult, query: PreparedQuery): MatchResult {
  if (!r.match || r.schema !== "Person" || !query.tokens.some((t) => t.native !== undefined)) return r;
  const comma = r.matchedName.indexOf(",");
  if (comma <= 0) return r;
  const family = new Set(
    r.matchedName
      .slice(0, comma)
      .trim()
      .split(/[\s-]+/),
  );
  const left = r.explanation.parts.some((p) => p.how === "extra" && p.listed !== null && family.has(p.listed));
  return left ? { ...r, match: false, partial: true } : r;
}

/** Every searched word found as written: ranks above a name of the same score found through a word spelt otherwise. */
function allExact(r: MatchResult): boolean {
  return r.explanation.parts.every((p) => p.query === null || p.how === "exact");
}

/** How a result fits the search, besides its score: what ranks names tied within TIE_MARGIN (see byFit). */
interface Fit {
  result: MatchResult;
  exact: boolean;
  /** The share of the listed name words that the search met. */
  listedShare: number;
  /** The searched words' weight met, each word's weight times its similarity. */
  queryMet: number;
}

function fitOf(r: MatchResult, weightOf: Map<string, number>): Fit {
  let met = 0;
  let extra = 0;
  let queryMet = 0;
  for (const p of r.explanation.parts) {
    if (p.how === "extra") extra++;
    else if (p.listed !== null && p.query !== null) {
      met += p.listed.split(/\s+/).length;
      queryMet += (weightOf.get(p.query) ?? 0) * p.similarity;
    }
  }
  return { result: r, exact: allExact(r), listedShare: met + extra > 0 ? met / (met + extra) : 0, queryMet };
}

/** Among tied names: a Match first, then every searched word exact, then more of the listed name met, then more of the search met, then score. */
function byFit(x: Fit, y: Fit): number {
  return (
    Number(y.result.match) - Number(x.result.match) ||
    Number(y.exact) - Number(x.exact) ||
    y.listedShare - x.listedShare ||
    y.queryMet - x.queryMet ||
    y.result.score - x.result.score
  );
}

/** Results sorted by score, each run within TIE_MARGIN of its first ranked again by fit (byFit). */
function rankTies(results: MatchResult[], query: PreparedQuery): MatchResult[] {
  // A searched word's weight by its text as the explanation writes it (several words joined weigh together).
  const weightOf = new Map<string, number>();
  for (const t of query.tokens) weightOf.set(t.text, (weightOf.get(t.text) ?? 0) + t.weight);
  for (const u of query.units) {
    if (u.first === u.last) continue;
    const text = query.tokens
      .slice(u.first, u.last + 1)
      .map((t) => t.text)
      .join(" ");
    if (!weightOf.has(text)) weightOf.set(text, u.weight);
  }
  const sorted = results.map((r) => fitOf(r, weightOf)).sort((x, y) => y.result.score - x.result.score);
  const out: MatchResult[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[start].result.score - sorted[end].result.score <= TIE_MARGIN) end++;
    for (const f of sorted.slice(start, end).sort(byFit)) out.push(f.result);
    start = end;
  }
  return out;
}

/** How closely the lone searched word was found (two decimals), then whether it is the family name, then the score. */
function byLoneNameRank(x: MatchResult, y: MatchResult): number {
  return loneSimilarity(y) - loneSimilarity(x) || Number(isFamilyName(y)) - Number(isFamilyName(x)) || y.score - x.score;
}

function loneSimilarity(r: MatchResult): number {
  let best = 0;
  for (const p of r.explanation.parts) if (p.query !== null && p.listed !== null) best = Math.max(best, p.similarity);
  return Math.round(best * 100) / 100;
}

/** Whether the word the lone name met is the listed family name: before the comma of "LAST, First", else the last word. */
function isFamilyName(r: MatchResult): boolean {
  if (r.schema !== "Person") return false;
  const met = r.explanation.parts.find((p) => p.query !== null && p.listed !== null)?.listed?.toLowerCase();
  if (!met) return false;
  const comma = r.matchedName.indexOf(",");
  const family = comma > 0 ? r.matchedName.slice(0, comma) : (r.matchedName.trim().split(/\s+/).pop() ?? "");
  return family
    .toLowerCase()
    .split(/[\s-]+/)
    .includes(met);
}

/**
 * The results of a search by name alone: each entity's best name at or over `minScore`, ranked by the rules above.
 * `listedWords` counts a listed name's name words (for the lone-name rule).
 */
export function rankByName(
  best: Map<number, ScoredName>,
  query: PreparedQuery,
  minScore: number,
  limit: number,
  show: ShowResult,
  listedWords: (name: number) => number,
): MatchResult[] {
  const ranked = [...best].filter(([, b]) => b.score >= minScore).sort((x, y) => y[1].score - x[1].score || x[0] - y[0]);
  if (!isLoneName(query)) {
    // Names tied with the last one shown compete for its place (see rankTies).
    let end = Math.min(limit, ranked.length);
    const last = end > 0 ? round(ranked[end - 1][1].score) : 0;
    while (end < ranked.length && end < limit * TIE_POOL && last - round(ranked[end][1].score) <= TIE_MARGIN) end++;
    return rankTies(
      ranked.slice(0, end).map(([e, b]) => familySyllableLeftOver(show(e, b.name, b.score), query)),
      query,
    ).slice(0, limit);
  }
  // A lone name ("Maduro"): people of more names are partial matches, those whose family name it is first.
  const pool = ranked
    .slice(0, Math.max(limit * LONE_NAME_POOL, LONE_NAME_MIN_POOL))
    .map(([e, b]) => markPartial(show(e, b.name, b.score), listedWords(b.name)));
  return pool.sort(byLoneNameRank).slice(0, limit);
}

/**
 * The results of a search with query-by-example details: every entity's best name weighed with the details (`weigh`:
 * evidence.ts), those found by a searched identifier whatever their names scored. Names the details could not lift to
 * `minScore` are not weighed at all. A listing found by identifier is never a partial match.
 */
export function rankWithDetails(
  best: Map<number, ScoredName>,
  byIdentifier: Map<number, EntityIdentifier>,
  query: PreparedQuery,
  minScore: number,
  limit: number,
  weigh: (e: number, b: ScoredName) => WeighedEvidence,
  show: ShowResult,
  listedWords: (name: number) => number,
): MatchResult[] {
  const weighed = [...best]
    .filter(([e, b]) => b.score + MAX_EVIDENCE_BONUS >= minScore || byIdentifier.has(e))
    .map(([e, b]) => ({ e, name: b.name, ...weigh(e, b) }));
  const lone = isLoneName(query);
  return weighed
    .filter((w) => w.score >= minScore || w.evidence.identifier)
    .sort((x, y) => y.score - x.score || Number(!!y.evidence.identifier) - Number(!!x.evidence.identifier) || x.e - y.e)
    .slice(0, limit)
    .map((w) => {
      const r = show(w.e, w.name, w.score, w);
      if (r.evidence?.identifier) return r;
      return lone ? markPartial(r, listedWords(w.name)) : familySyllableLeftOver(r, query);
    });
}
