/**
 * Names to tokens: one pipeline for indexed names and queries, so both sides meet in the same form.
 *
 * - "LAST, First" (one comma, person names) is turned back to "First LAST" so adjacent tokens stay
 *   adjacent for compound matching (Abd al-Aziz / Abdulaziz).
 * - Arabic-script words become consonant skeletons (see phonetic.ts), with the article ال split off.
 * - Everything else is transliterated to ASCII by any-ascii (Cyrillic, Greek, Latin diacritics, ...);
 *   Han and Hangul characters become one syllable token each, so compound matching can join them.
 * - Apostrophes join (Sab'awi), other punctuation separates; dotted initials join (S.A.R.L. -> sarl).
 * - Legal forms, honorifics and particles are classified, not dropped.
 */
import anyAscii from "any-ascii";
import {
  canonicalLegalWord,
  classifyWord,
  HYPHEN_ARTICLES,
  legalPhraseAt,
  type NameKind,
  TokenClass,
} from "./lexicon.ts";
import { readNumber } from "./numbers.ts";
import { arabicSkeleton, latinKey, latinSkeleton } from "./phonetic.ts";

export interface Token {
  /** The word as the name writes it (its transliteration when one written word gave several tokens), for explanations. */
  text: string;
  /** The ASCII word before phonetic folding; the skeleton for Arabic script (see vocabulary.ts Spelling). */
  raw: string;
  /** The index key: latinKey of the ASCII word, or the consonant skeleton of an Arabic-script word. */
  key: string;
  skeleton: string;
  /** Written in Arabic script: comparable on its skeleton only. */
  abjad: boolean;
  cls: TokenClass;
}

/** The key (and skeleton) of the Arabic article ال written as a token of its own. */
const ARABIC_ARTICLE = "l";

/** The article, not a word of one consonant such as علي (Ali), whose skeleton is "l" too. */
export function isArabicArticle(key: string, abjad: boolean, cls: TokenClass): boolean {
  return abjad && cls === TokenClass.Particle && key === ARABIC_ARTICLE;
}
/** bin, ibn, bint, ould: the Arabic-script forms of Latin particles. */
const ARABIC_PARTICLES = new Set(["بن", "ابن", "بنت", "ولد"]);
const ARABIC_WORD = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}]/gu;
const HANGUL = /\p{Script=Hangul}/u;
const MARKS = /\p{M}/gu;
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
const APOSTROPHES = /['`\u2018\u2019\u02BB\u02BC\u02BF\u02BE\u00B4]/g;

export function reorderLastFirst(name: string): string {
  const comma = name.indexOf(",");
  if (comma <= 0 || comma !== name.lastIndexOf(",")) return name;
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  return first && last ? `${first} ${last}` : name;
}

interface Word {
  text: string;
  /** As written (see Token.text). */
  source: string;
  abjad: boolean;
  /** Followed directly by "." (an initial or an abbreviation). */
  dotted: boolean;
  /** Followed directly by "-" (al-Tikriti). */
  hyphened: boolean;
}

function arabicWords(chunk: string, out: Word[]): void {
  const word = chunk.normalize("NFKD").replace(MARKS, "").replace(/[\u0640\s]/g, "");
  const push = (text: string) => out.push({ text, source: text, abjad: true, dotted: false, hyphened: false });
  // "عبدالله" is "عبد" + "ال" + "له": split the article where it is written joined.
  let rest = word;
  if (rest.startsWith("عبدال") && rest.length > 6) {
    push("عبد");
    rest = rest.slice(3);
  }
  if (rest.startsWith("ال") && rest.length > 3) {
    push("ال");
    rest = rest.slice(2);
  }
  if (rest) push(rest);
}

/**
 * any-ascii writes Hangul in the Revised Romanization (Gim Jeong Eun); the lists write Korean names as
 * the DPRK and McCune-Reischauer do (Kim Jong Un, Pak, Pyong, Ri): voiceless initials, an initial r,
 * o and u for eo and eu.
 */
function romanizeHangul(syllable: string): string {
  return anyAscii(syllable)
    .toLowerCase()
    .replace(/^g/, "k")
    .replace(/^b/, "p")
    .replace(/^d/, "t")
    .replace(/^l/, "r")
    .replace(/eo/g, "o")
    .replace(/eu/g, "u");
}

function syllables(text: string): string {
  return text.replace(SYLLABIC, (c) => ` ${HANGUL.test(c) ? romanizeHangul(c) : anyAscii(c)} `);
}

function latinWords(chunk: string): Word[] {
  const out: Word[] = [];
  const ascii = anyAscii(syllables(chunk))
    .normalize("NFKD")
    .replace(MARKS, "")
    .toLowerCase()
    .replace(APOSTROPHES, "");
  let cur = "";
  for (let i = 0; i <= ascii.length; i++) {
    const c = i < ascii.length ? ascii[i] : " ";
    if ((c >= "a" && c <= "z") || (c >= "0" && c <= "9")) {
      cur += c;
      continue;
    }
    if (cur) out.push({ text: cur, source: cur, abjad: false, dotted: c === ".", hyphened: c === "-" });
    cur = "";
  }
  if (out.length === 1) out[0].source = chunk.replace(EDGE_PUNCTUATION, "") || out[0].text;
  else {
    // One written character a token (金正恩: kim jong un), or the pieces between punctuation (Jean-Claude).
    const characters = [...chunk.matchAll(SYLLABIC)].map((m) => m[0]);
    const pieces = chunk.split(/[^\p{L}\p{N}\p{M}'`\u2018\u2019\u02BB\u02BC]+/u).filter(Boolean);
    if (characters.length === out.length) out.forEach((w, i) => (w.source = characters[i]));
    else if (pieces.length === out.length) out.forEach((w, i) => (w.source = pieces[i]));
  }
  return out;
}

/** Joins runs of dotted single letters: "s.a.r.l." -> "sarl", "c.i." -> "ci"; a lone "F." stays. */
function joinInitials(words: Word[]): Word[] {
  const out: Word[] = [];
  let inRun = false;
  for (const w of words) {
    const letter = !w.abjad && w.text.length === 1 && w.text >= "a" && w.text <= "z";
    const last = out[out.length - 1];
    if (letter && inRun && last.dotted) {
      last.text += w.text;
      last.source = last.text.toUpperCase();
      last.dotted = w.dotted;
      last.hyphened = w.hyphened;
      continue;
    }
    out.push({ ...w });
    inRun = letter;
  }
  return out;
}

/** Number words and ordinals to digits (numbers.ts): "forty four" and "44th" become "44". */
function numbersAsDigits(words: Word[]): Word[] {
  const texts = words.map((w) => (w.abjad ? "" : w.text));
  const out: Word[] = [];
  for (let i = 0; i < words.length; ) {
    const number = readNumber(texts, i);
    if (!number) {
      out.push(words[i++]);
      continue;
    }
    const last = words[i + number.length - 1];
    const source = words.slice(i, i + number.length).map((w) => w.source).join(" ");
    out.push({ text: String(number.value), source, abjad: false, dotted: last.dotted, hyphened: last.hyphened });
    i += number.length;
  }
  return out;
}

/** Replaces multi-word legal forms by their canonical tokens. */
function canonicalPhrases(words: Word[]): Word[] {
  const texts = words.map((w) => (w.abjad ? "" : w.text));
  const out: Word[] = [];
  for (let i = 0; i < words.length; ) {
    const phrase = legalPhraseAt(texts, i);
    if (!phrase) {
      out.push(words[i++]);
      continue;
    }
    const source = words.slice(i, i + phrase.length).map((w) => w.source).join(" ");
    for (const text of phrase.canonical) out.push({ text, source, abjad: false, dotted: false, hyphened: false });
    i += phrase.length;
  }
  return out;
}

/**
 * Memoizes the per-word work (transliteration, phonetic folding) while an index is built: list names
 * repeat their words a great deal. Kept by the caller for one build, so it never outlives it.
 */
export class TokenizeCache {
  readonly chunks = new Map<string, Word[]>();
  readonly legal = new Map<string, string>();
  readonly keys = new Map<string, { key: string; skeleton: string }>();
}

function memo<V>(map: Map<string, V> | undefined, key: string, compute: () => V): V {
  if (!map) return compute();
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = compute()));
  return value;
}

export function tokenize(name: string, kind: NameKind, cache?: TokenizeCache): Token[] {
  const text = (kind === "company" ? name : reorderLastFirst(name)).normalize("NFC");
  let words: Word[] = [];
  for (const chunk of text.split(/\s+/)) {
    if (!chunk) continue;
    if (ARABIC_WORD.test(chunk)) arabicWords(chunk, words);
    else words.push(...memo(cache?.chunks, chunk, () => latinWords(chunk)));
  }
  words = numbersAsDigits(joinInitials(words)); // copies, so cached words are never changed below
  if (kind !== "person") {
    for (const w of words) if (!w.abjad) w.text = memo(cache?.legal, w.text, () => canonicalLegalWord(w.text));
    words = canonicalPhrases(words);
  }
  const tokens: Token[] = [];
  for (const w of words) {
    if (w.abjad) {
      const article = w.text === "ال";
      const skeleton = article ? ARABIC_ARTICLE : arabicSkeleton(w.text);
      const cls = article || ARABIC_PARTICLES.has(w.text) ? TokenClass.Particle : TokenClass.Name;
      if (skeleton) tokens.push({ text: w.source, raw: skeleton, key: skeleton, skeleton, abjad: true, cls });
      continue;
    }
    const word = w.text;
    let cls = classifyWord(word, kind);
    if (cls === TokenClass.Name && w.hyphened && HYPHEN_ARTICLES.has(word)) cls = TokenClass.Particle;
    const { key, skeleton } = memo(cache?.keys, word, () => {
      const k = latinKey(word);
      return { key: k, skeleton: latinSkeleton(k) };
    });
    tokens.push({ text: w.source, raw: word, key, skeleton, abjad: false, cls });
  }
  return tokens;
}
