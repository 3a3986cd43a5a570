/**
 * Turns the alignment the scorer chose (score.ts) into words an analyst reads: which part of the searched name met
 * which part of the listed name, and how. An initial is "initial"; several searched words met by one listed word are
 * "joined", one searched word met by several "split". One word met by one is, in this order: a transliteration when
 * their scripts differ; exact when they are the same word; a transliteration when either is written in Arabic or
 * Hebrew script; a spelling when they fold to the same key or are SPELLING_BAND alike or more; a nickname when one is
 * a short form of the other; phonetic when they share their consonant skeleton; else a spelling from
 * LOOSE_SPELLING_BAND up, phonetic under it.
 */

import type { Pair } from "./alignment.ts";
import { givenNameForms, TokenClass } from "./lexicon.ts";
import { isArabicArticle, type Token } from "./normalize.ts";
import { LOOSE_SPELLING_BAND, SPELLING_BAND } from "./tuning.ts";
import type { MatchExplanation, NamePart, NamePartMatch } from "./types.ts";

const LATIN_OR_DIGITS = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]*$/u;

function script(text: string): "latin" | "other" {
  return LATIN_OR_DIGITS.test(text) ? "latin" : "other";
}

const plain = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

function how(query: Token[], listed: Token[], sim: number, initial: boolean): NamePartMatch {
  if (initial) return "initial";
  if (query.length > 1) return "joined";
  if (listed.length > 1) return "split";
  const [q] = query;
  const [n] = listed;
  if (script(q.text) !== script(n.text)) return "transliteration";
  if (plain(q.text) === plain(n.text) || (/^\d+$/.test(q.key) && q.key === n.key)) return "exact";
  if (q.abjad || n.abjad) return "transliteration";
  if (q.key === n.key || sim >= SPELLING_BAND) return "spelling";
  // Ted for Theodore, Bill for William: another form of the given name, not a way of spelling it.
  if (givenNameForms(q.raw).includes(n.raw)) return "nickname";
  if (q.skeleton === n.skeleton) return "phonetic";
  return sim >= LOOSE_SPELLING_BAND ? "spelling" : "phonetic";
}

const words = (tokens: Token[]) => tokens.map((t) => t.text).join(" ");
const round = (x: number) => Math.round(x * 100) / 100;

/** `query` and `listed` are the tokens the scorer saw, in its order; `pairs` what it aligned. */
export function explainAlignment(query: Token[], listed: Token[], pairs: readonly Pair[]): MatchExplanation {
  const parts: { at: number; part: NamePart }[] = [];
  const queryUsed = new Set<number>();
  const listedUsed = new Set<number>();
  for (const p of pairs) {
    const q = query.slice(p.qFirst, p.qLast + 1);
    const n = listed.slice(p.nFirst, p.nLast + 1);
    for (let i = p.qFirst; i <= p.qLast; i++) queryUsed.add(i);
    for (let j = p.nFirst; j <= p.nLast; j++) listedUsed.add(j);
    parts.push({ at: p.qFirst, part: { query: words(q), listed: words(n), how: how(q, n, p.sim, p.initial === true), similarity: round(p.sim) } });
  }
  query.forEach((t, i) => {
    // The Arabic article (ال, آل) written apart is often fused into the next word in Latin: not a missing word.
    if (!queryUsed.has(i) && !isArabicArticle(t.key, t.abjad, t.cls))
      parts.push({ at: i, part: { query: t.text, listed: null, how: "missing", similarity: 0 } });
  });
  parts.sort((a, b) => a.at - b.at);
  const extra: NamePart[] = [];
  listed.forEach((t, j) => {
    // A listed legal form or particle the search leaves out says nothing about the match.
    if (!listedUsed.has(j) && t.cls === TokenClass.Name) extra.push({ query: null, listed: t.text, how: "extra", similarity: 0 });
  });
  return { parts: [...parts.map((p) => p.part), ...extra] };
}
