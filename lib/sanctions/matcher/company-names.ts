/**
 * Rules for companies' names (score.ts), read on what the alignment left over (`usedQuery`, `usedName`: 1 for a token
 * it used): a country on one side only or on each side, legal forms that exclude each other, and numbers of a series.
 */
import { countryCode } from "../../countries.ts";
import type { NameTokens } from "./alignment.ts";
import { legalFamily, TokenClass } from "./lexicon.ts";
import type { PreparedQuery } from "./query.ts";
import { COUNTRY_WORD_MIN_LENGTH } from "./tuning.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** Legal forms that exclude each other, one on each side and none shared (Bank AG / Bank GmbH): another company. */
export function otherLegalForms(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number): boolean {
  let query = 0;
  let listed = 0;
  for (const t of q.tokens) if (t.cls === TokenClass.LegalForm) query |= 1 << legalFamily(t.raw);
  for (let j = 0; j < k; j++) if (name.classes[name.start + j] === TokenClass.LegalForm) listed |= 1 << legalFamily(vocab.raws[name.ids[name.start + j]]);
  // Bit 0 is a form of no family (Ltd, Co), which excludes nothing.
  query &= ~1;
  listed &= ~1;
  return query !== 0 && listed !== 0 && (query & listed) === 0;
}

/** A country left over on each side of a company's name, in parentheses or not (Sweden / Finland). */
export function countriesBothSides(q: PreparedQuery, vocab: Vocabulary, name: NameTokens, k: number, usedQuery: Uint8Array, usedName: Uint8Array): boolean {
  const word = (cls: TokenClass) => cls === TokenClass.Name || cls === TokenClass.Qualifier;
  let query = false;
  let listed = false;
  for (let i = 0; i < q.tokens.length && !query; i++) {
    const t = q.tokens[i];
    query = !usedQuery[i] && !t.abjad && !t.native && word(t.cls) && isCountryWord(t.raw);
  }
  for (let j = 0; j < k && !listed; j++) {
    const id = name.ids[name.start + j];
    listed = !usedName[j] && vocab.abjad[id] === 0 && word(name.classes[name.start + j]) && isCountryWord(vocab.raws[id]);
  }
  return query && listed;
}

const countryWords = new Map<string, boolean>();
const MAX_COUNTRY_WORDS = 50_000;

/** A word of four letters or more that names a country (Mexico, Sweden), kept once worked out. */
function isCountryWord(raw: string): boolean {
  if (raw.length < COUNTRY_WORD_MIN_LENGTH) return false;
  let known = countryWords.get(raw);
  if (known === undefined) {
    known = countryCode(raw) !== null;
    if (countryWords.size < MAX_COUNTRY_WORDS) countryWords.set(raw, known);
  }
  return known;
}

/**
 * A country in a company's name on one side only (Banco Santander / Banco Santander México): another national
 * company of a group, which weighs as a word in another's place. The larger share of either side's left-over
 * country words.
 */
export function countryLeftShare(
  q: PreparedQuery,
  vocab: Vocabulary,
  name: NameTokens,
  k: number,
  queryTotal: number,
  nameTotal: number,
  usedQuery: Uint8Array,
  usedName: Uint8Array,
  nameWeights: Float64Array,
): number {
  let queryCountry = 0;
  let nameCountry = 0;
  for (let i = 0; i < q.tokens.length; i++) {
    const t = q.tokens[i];
    if (!usedQuery[i] && !t.abjad && !t.native && t.cls === TokenClass.Name && isCountryWord(t.raw)) queryCountry += t.weight;
  }
  for (let j = 0; j < k; j++) {
    const id = name.ids[name.start + j];
    if (!usedName[j] && vocab.abjad[id] === 0 && name.classes[name.start + j] === TokenClass.Name && isCountryWord(vocab.raws[id]))
      nameCountry += nameWeights[j];
  }
  return Math.max(queryTotal > 0 ? queryCountry / queryTotal : 0, nameTotal > 0 ? nameCountry / nameTotal : 0);
}

const DIGITS = /^\d+$/;

/**
 * The only number left over on each side of a company's name, when there is one each: another number of a series
 * (Fund VII / Fund VIII, Trust I / Trust II), which the scorer counts as a weak variant (SERIES_NUMBER).
 */
export function seriesNumbers(
  q: PreparedQuery,
  vocab: Vocabulary,
  name: NameTokens,
  k: number,
  usedQuery: Uint8Array,
  usedName: Uint8Array,
): [number, number] | null {
  let queryAt = -1;
  let nameAt = -1;
  for (let i = 0; i < q.tokens.length; i++) {
    if (usedQuery[i] || !DIGITS.test(q.tokens[i].raw)) continue;
    if (queryAt >= 0) return null;
    queryAt = i;
  }
  if (queryAt < 0) return null;
  for (let j = 0; j < k; j++) {
    if (usedName[j] || !DIGITS.test(vocab.raws[name.ids[name.start + j]])) continue;
    if (nameAt >= 0) return null;
    nameAt = j;
  }
  return nameAt < 0 ? null : [queryAt, nameAt];
}
