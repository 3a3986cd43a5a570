/**
 * Alignments that look closer than they are (score.ts), made weaker once the greedy alignment is chosen: joins and
 * splits across scripts, a family name met by a given name, a listed initial standing for a searched name, and two or
 * more Latin words each found only a letter or more off.
 */
import { ARTICLES, isArticleAt, MAX_TOKENS, type NameTokens, nameForeign, type Pair, queryForeign } from "./alignment.ts";
import { isPatronymic, TokenClass } from "./lexicon.ts";
import type { PreparedQuery } from "./query.ts";
import {
  ARTICLE_JOINED_MIN_LENGTH,
  CROSS_SCRIPT_JOIN,
  FAMILY_OUT_OF_PLACE,
  FUZZY_WORD,
  FUZZY_WORDS,
  MISSPELT_WITH_WORD_LEFT,
  SKELETON_DISCOUNT,
  SPELT_WITH_WORD_LEFT,
  TWO_FUZZY_WORDS,
} from "./tuning.ts";
import type { Vocabulary } from "./vocabulary.ts";

/**
 * Alignments that look closer than they are, made weaker after the greedy alignment:
 * - a join or split across scripts, unless the Arabic side is bridged by its article (عبد الرحمن / Abdurrahman) or
 *   the Chinese or Korean side has its family name found on its own (习近平 / Xi Jinping);
 * - a listed initial standing for a searched name while a listed full word is left over (J. Doe for John Smith);
 * - two or more words each found only a letter or more off (Latin words, or Arabic-script words against Latin ones), or
 *   one Latin word while a listed name word is left out.
 * A pair set to 0 is dropped.
 */
export function looseEvidence(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, picked: Pair[]): void {
  let fuzzy = 0;
  // Made only for a name with a fuzzy pair (most names scored have none).
  let fuzzyPairs: Set<Pair> | undefined;
  let misspelt = 0;
  for (const p of picked) {
    const compound = p.qFirst !== p.qLast || p.nFirst !== p.nLast;
    const sides = foreignSides(q, vocab, name, p);
    const qForeign = (sides & QUERY_FOREIGN) !== 0;
    const nForeign = (sides & NAME_FOREIGN) !== 0;
    if (compound && qForeign !== nForeign && !bridgedJoin(q, vocab, name, p, picked, qForeign)) p.sim = Math.min(p.sim, CROSS_SCRIPT_JOIN);
    if (compound || p.initial || q.tokens[p.qFirst].cls !== TokenClass.Name) continue;
    // Latin words are found a letter or more off under FUZZY_WORD; an Arabic-script word against a Latin one, whose
    // best is SKELETON_DISCOUNT, under that share of it.
    const abjadLatin = qForeign !== nForeign && (q.tokens[p.qFirst].abjad || vocab.abjad[name.ids[name.start + p.nFirst]] === 1);
    if ((qForeign || nForeign) && !abjadLatin) continue;
    if (p.sim < (abjadLatin ? SKELETON_DISCOUNT * FUZZY_WORD : FUZZY_WORD)) {
      fuzzy++;
      fuzzyPairs ??= new Set();
      fuzzyPairs.add(p);
    }
    if (!abjadLatin && p.sim < SPELT_WITH_WORD_LEFT) misspelt++;
  }
  // A word found only a letter or more off while a listed name word is left out: two differences at once, as with two
  // fuzzy words, are more often another person than a typo and a name left out.
  const misspeltWithWordLeft = fuzzy < FUZZY_WORDS && misspelt === 1 && !q.tokens.every((t) => t.native) && listedNameLeft(vocab, name, picked);
  for (const p of picked) {
    if (familyNameOutOfPlace(q, vocab, name, p)) p.sim *= FAMILY_OUT_OF_PLACE;
    if (fuzzy >= FUZZY_WORDS && fuzzyPairs?.has(p)) p.sim *= TWO_FUZZY_WORDS;
    else if (
      misspeltWithWordLeft &&
      !p.initial &&
      p.qFirst === p.qLast &&
      p.nFirst === p.nLast &&
      p.sim < SPELT_WITH_WORD_LEFT &&
      !queryForeign(q, p.qFirst) &&
      !nameForeign(vocab, name, p.nFirst)
    )
      p.sim *= MISSPELT_WITH_WORD_LEFT;
    if (p.initial && p.nFirst === p.nLast && vocab.raws[name.ids[name.start + p.nFirst]].length === 1 && listedWordLeft(vocab, name, picked)) p.sim = 0;
  }
}

/**
 * The word after the family article آل is a family name (آل علي: Al Ali, the family of Ali): it meets a listed word
 * written with the article (Al-Ali, آل علي) or joined with it (Alali), not a listed given name alone (Husayn Ali).
 */
function familyNameOutOfPlace(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, p: Pair): boolean {
  if (p.qFirst !== p.qLast || p.nFirst !== p.nLast || p.qFirst === 0 || !q.tokens[p.qFirst - 1].family) return false;
  const listed = vocab.raws[name.ids[name.start + p.nFirst]];
  if (vocab.abjad[name.ids[name.start + p.nFirst]] === 0 && listed.length >= ARTICLE_JOINED_MIN_LENGTH && /^[ae]l/.test(listed)) return false;
  return p.nFirst === 0 || !isArticleAt(vocab, name, p.nFirst - 1);
}

/** Whether a listed full word (not an initial, particle or legal form) is left out of the alignment. */
function listedWordLeft(vocab: Vocabulary, name: NameTokens, picked: Pair[]): boolean {
  const k = name.end - name.start;
  for (let j = 0; j < k && j < MAX_TOKENS; j++) {
    if (name.classes[name.start + j] !== TokenClass.Name || vocab.raws[name.ids[name.start + j]].length < 2) continue;
    if (!picked.some((p) => p.nFirst <= j && j <= p.nLast)) return true;
  }
  return false;
}

/** Whether a listed name word of two letters or more, not a patronymic (often left out), is left out of the alignment. */
function listedNameLeft(vocab: Vocabulary, name: NameTokens, picked: Pair[]): boolean {
  const k = name.end - name.start;
  for (let j = 0; j < k && j < MAX_TOKENS; j++) {
    const id = name.ids[name.start + j];
    if (name.classes[name.start + j] !== TokenClass.Name || vocab.raws[id].length < 2 || vocab.abjad[id] === 1) continue;
    if (vocab.natives[id] !== undefined || isPatronymic(vocab.raws[id])) continue;
    if (!picked.some((p) => p.nFirst <= j && j <= p.nLast && p.sim > 0)) return true;
  }
  return false;
}

/**
 * A join or split between Arabic script and Latin letters, bridged by no article or particle, is weighed at its cap
 * before the words are aligned, not only after: else a listed particle joined to the next word (Ag Ghaly, Ben Nacer,
 * whose joined skeleton is the word's own) takes the Arabic word from the listed word alone, as it covers more words,
 * and leaves the searched particle (آغ, بن) unmatched. Chinese and Korean joins, bridged by the alignment, wait for it.
 */
export function capUnbridgedJoin(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, p: Pair): void {
  if (p.qFirst === p.qLast && p.nFirst === p.nLast) return;
  const sides = foreignSides(q, vocab, name, p);
  const qForeign = (sides & QUERY_FOREIGN) !== 0;
  const nForeign = (sides & NAME_FOREIGN) !== 0;
  if (qForeign === nForeign || q.tokens[p.qFirst].native !== undefined || vocab.natives[name.ids[name.start + p.nFirst]] !== undefined) return;
  if (!bridgedJoin(q, vocab, name, p, [], qForeign)) p.sim = Math.min(p.sim, CROSS_SCRIPT_JOIN);
}

const QUERY_FOREIGN = 1;
const NAME_FOREIGN = 2;

/**
 * Whether the pair's searched words (QUERY_FOREIGN), and its listed words (NAME_FOREIGN), hold a word in another
 * script (Arabic, Hebrew, Han, Hangul): as bits, not a pair made for every pair scored.
 */
function foreignSides(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, p: Pair): number {
  let sides = 0;
  for (let i = p.qFirst; i <= p.qLast; i++) if (queryForeign(q, i)) sides |= QUERY_FOREIGN;
  for (let j = p.nFirst; j <= p.nLast; j++) if (nameForeign(vocab, name, j)) sides |= NAME_FOREIGN;
  return sides;
}

/** Skeletons of the words an Arabic compound name starts with (عبد Abd, ابو Abu) or ends with (دين Din, له Allah). */
const COMPOUND_FIRST = new Set(["bd", "b"]);
const COMPOUND_LAST = new Set(["dn", "l"]);

function bridgedJoin(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, p: Pair, picked: Pair[], queryIsForeign: boolean): boolean {
  // The article on either side: عبد الرحمن / Abdurrahman, علي / Al Ali. In Arabic script, a name particle too: Latin
  // spellings join bin, ben, ould, ait and ag to the name after them as they join the article (بن صالح / Bensalah).
  // The article or particle bridges the word after it, not the one before (جمعة ال is not Jamiel): never the last.
  for (let i = p.qFirst; i < p.qLast; i++) {
    const t = q.tokens[i];
    if (t.cls !== TokenClass.Particle || !(t.abjad || ARTICLES.has(t.raw))) continue;
    // An Arabic-script article between two words joins them only in a compound name: Abd al-, Abu al-, al-Din, Allah
    // (عبد الرحمن Abdurrahman, نور الدين Nureddine). A given name and a family name with its article (جمعة الدنوني)
    // are two names however a Latin word spells alike.
    if (t.abjad && i > p.qFirst && !COMPOUND_FIRST.has(q.tokens[p.qFirst].skeleton) && !COMPOUND_LAST.has(q.tokens[p.qLast].skeleton)) continue;
    return true;
  }
  for (let j = p.nFirst; j < p.nLast; j++) {
    if (isArticleAt(vocab, name, j)) return true;
    if (name.classes[name.start + j] === TokenClass.Particle && vocab.abjad[name.ids[name.start + j]] === 1) return true;
  }
  if (queryIsForeign) {
    if (q.tokens[p.qFirst].native === undefined) return false;
    return picked.some((o) => o !== p && o.qFirst === o.qLast && q.tokens[o.qFirst].native !== undefined && o.sim > 0);
  }
  if (vocab.natives[name.ids[name.start + p.nFirst]] === undefined) return false;
  return picked.some((o) => o !== p && o.nFirst === o.nLast && vocab.natives[name.ids[name.start + o.nFirst]] !== undefined && o.sim > 0);
}
