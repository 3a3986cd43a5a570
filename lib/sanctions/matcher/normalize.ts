/**
 * Names to tokens: one pipeline for indexed names and queries, so both sides meet in the same form.
 *
 * - "LAST, First" (one comma, person names and names of unknown type without a legal form after the comma) is turned
 *   back to "First LAST" so adjacent tokens stay adjacent for compound matching (Abd al-Aziz / Abdulaziz).
 * - Arabic-script words become consonant skeletons (see phonetic.ts), with their letters and long vowels (arabic.ts),
 *   the article ال split off and the family article آل marked; Hebrew words get the skeletons of their readings
 *   (hebrew.ts).
 * - Han and Hangul characters become one syllable token each, with their other readings (cjk.ts); the parts of a
 *   foreign name written in Han characters with the Chinese name dot are read on consonant skeletons.
 * - Everything else is transliterated to ASCII by any-ascii (Cyrillic, Greek, Latin diacritics, ...). Apostrophes
 *   join (Sab'awi), other punctuation separates; dotted initials join (S.A.R.L. -> sarl). Number words, ordinals and
 *   Roman numerals become digits (numbers.ts). A vessel's MV / MT prefix is dropped.
 * - Outside a person's name, legal forms written out become their short forms (Limited -> ltd, also misspelt;
 *   Joint Stock Company -> jsc), abbreviations and Russian company words become English words (Int'l, zavod: plant).
 * - Legal forms, honorifics, particles and words in parentheses (qualifiers) are classified, not dropped (lexicon.ts).
 */
import anyAscii from "any-ascii";
import { arabicLetters, arabicVowels } from "./arabic.ts";
import { FOREIGN_NAME_DOT, foreignHanSkeletons, hangulKey, hangulReadings, hanKey, hanReadings, isHan, isHangulSyllable } from "./cjk.ts";
import { HEBREW_WORD, hebrewSkeletons } from "./hebrew.ts";
import {
  canonicalLegalWord,
  classifyWord,
  companyWordInEnglish,
  GIVEN_NAME_PARTICLES,
  HYPHEN_ARTICLES,
  legalPhraseAt,
  type NameKind,
  placeOfAdjective,
  TokenClass,
} from "./lexicon.ts";
import { readNumber } from "./numbers.ts";
import { arabicSkeletons, latinKey, latinSkeleton } from "./phonetic.ts";

export interface Token {
  /** The word as the name writes it (its transliteration when one written word gave several tokens), for explanations. */
  text: string;
  /** The ASCII word before phonetic folding; the skeleton for Arabic script (see vocabulary.ts Spelling). */
  raw: string;
  /** The index key: latinKey of the ASCII word, or the consonant skeleton of an Arabic-script word. */
  key: string;
  skeleton: string;
  /** Written in Arabic or Hebrew script: comparable on its skeleton only. */
  abjad: boolean;
  cls: TokenClass;
  /** A Hangul syllable or Han character: compared on it with tokens of the same script (cjk.ts). */
  native?: string;
  /** Other spellings (cjk.ts) or, for a Hebrew word, other skeletons (hebrew.ts). */
  readings?: string[];
  /** Written in the same word as the token before it (the syllables of 성훈). */
  inWord?: boolean;
  /** An Arabic-script word letter for letter, and the long vowels it writes (arabic.ts). */
  letters?: string;
  vowels?: string;
  /** The family article آل (Al Saud): the word after it is a family name (loose-evidence.ts). */
  family?: boolean;
}

const FAMILY_ARTICLE = "\u0622\u0644";

/** The key (and skeleton) of the Arabic article ال written as a token of its own. */
const ARABIC_ARTICLE = "l";

/** The article, not a word of one consonant such as علي (Ali), whose skeleton is "l" too. */
export function isArabicArticle(key: string, abjad: boolean, cls: TokenClass): boolean {
  return abjad && cls === TokenClass.Particle && key === ARABIC_ARTICLE;
}
/** bin, ibn, bint, ould, ouled, ait, ag: the Arabic-script forms of Latin particles (after NFKD: آيت is ايت). */
const ARABIC_PARTICLES = new Set(["بن", "ابن", "بنت", "ولد", "اولاد", "ايت", "اغ"]);
const ARABIC_WORD = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}]/u;
const HAN = /\p{Script=Han}/u;
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
  /** The family article آل. */
  family?: boolean;
  /** As written (see Token.text). */
  source: string;
  abjad: boolean;
  /** Followed directly by "." (an initial or an abbreviation). */
  dotted: boolean;
  /** Followed directly by "-" (al-Tikriti). */
  hyphened: boolean;
  native?: string;
  readings?: string[];
  inWord?: boolean;
  /** A Hebrew word's skeleton (hebrew.ts); Arabic words get theirs from arabicSkeleton. */
  skeleton?: string;
  /** Written in parentheses. */
  qualifier?: boolean;
}

/**
 * The letters as compared (NFKD without marks, tatweel or spaces), each with the written characters it came from,
 * so a token can show the word as the user typed it (أحمد with its hamza, مُحَمَّد with its vowels), not the
 * normalised letters the matcher compares: a written character whose letters vanish (a vowel mark) goes with the
 * letter before it.
 */
function writtenPieces(chunk: string): { letters: string; written: string[] } {
  let letters = "";
  const written: string[] = [];
  for (const c of chunk.normalize("NFC")) {
    const folded = c
      .normalize("NFKD")
      .replace(MARKS, "")
      .replace(/[\u0640\s]/g, "");
    if (folded === "") {
      if (written.length) written[written.length - 1] += c;
      continue;
    }
    for (let i = 0; i < folded.length; i++) written.push(i === 0 ? c : "");
    letters += folded;
  }
  return { letters, written };
}

function arabicWords(chunk: string, out: Word[]): void {
  const { letters: word, written } = writtenPieces(chunk);
  /** The written form of the letters from `start` to `end` (end excluded). */
  const writtenOf = (start: number, end: number) => written.slice(start, end).join("") || word.slice(start, end);
  // آل (the family of: Al Saud) is written apart; NFKD makes it the article ال, so it is marked here.
  if (chunk.replace(/\u0640/g, "").normalize("NFC") === FAMILY_ARTICLE) {
    out.push({ text: "ال", source: FAMILY_ARTICLE, abjad: true, dotted: false, hyphened: false, family: true });
    return;
  }
  let at = 0;
  const push = (text: string) => {
    out.push({ text, source: writtenOf(at, at + text.length), abjad: true, dotted: false, hyphened: false });
    at += text.length;
  };
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

/** A foreign name in Han characters (贝拉克·奥巴马): each part between the dots is one word, read on its consonants. */
function foreignHanWords(chunk: string, out: Word[]): void {
  for (const part of chunk.split(FOREIGN_NAME_DOT)) {
    const [skeleton, ...readings] = foreignHanSkeletons(part);
    if (skeleton) out.push({ text: part, source: part, abjad: true, dotted: false, hyphened: false, skeleton, ...(readings.length ? { readings } : {}) });
  }
}

function hebrewWord(chunk: string, out: Word[]): void {
  const [skeleton, ...readings] = hebrewSkeletons(chunk);
  if (skeleton) out.push({ text: chunk, source: chunk, abjad: true, dotted: false, hyphened: false, skeleton, ...(readings.length ? { readings } : {}) });
}

/** Hangul syllables and Han characters one token each (cjk.ts), whatever else the chunk holds as Latin words. */
function syllabicWords(chunk: string): Word[] {
  const out: Word[] = [];
  let rest = "";
  let previousSyllabic = false;
  const chars = [...chunk];
  chars.forEach((c, i) => {
    const hangul = isHangulSyllable(c);
    if (!hangul && !isHan(c)) {
      rest += c;
      previousSyllabic = false;
      return;
    }
    if (rest) out.push(...latinWords(rest));
    rest = "";
    const firstOfWord = !previousSyllabic;
    const key = hangul ? hangulKey(c) : hanKey(c);
    const readings = hangul ? hangulReadings(c).filter((r) => r !== key) : hanReadings(c, firstOfWord && i + 1 < chars.length);
    out.push({
      text: key,
      source: c,
      abjad: false,
      dotted: false,
      hyphened: false,
      native: c,
      ...(readings.length ? { readings } : {}),
      ...(firstOfWord ? {} : { inWord: true }),
    });
    previousSyllabic = true;
  });
  if (rest) out.push(...latinWords(rest));
  return out;
}

function latinWords(chunk: string): Word[] {
  const out: Word[] = [];
  const ascii = anyAscii(chunk).normalize("NFKD").replace(MARKS, "").toLowerCase().replace(APOSTROPHES, "");
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
    // The pieces between punctuation (Jean-Claude).
    const pieces = chunk.split(/[^\p{L}\p{N}\p{M}'`\u2018\u2019\u02BB\u02BC]+/u).filter(Boolean);
    if (pieces.length === out.length) {
      out.forEach((w, i) => {
        w.source = pieces[i];
      });
    }
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
    const source = words
      .slice(i, i + number.length)
      .map((w) => w.source)
      .join(" ");
    out.push({ text: String(number.value), source, abjad: false, dotted: last.dotted, hyphened: last.hyphened });
    i += number.length;
  }
  return out;
}

/** II to XXXIX: letters that are only a Roman numeral (not "xi", a Chinese family name, nor "mix" or "liv"). */
const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;
const PERSON_NUMERALS = new Set(["ii", "iii", "iv"]);
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10 };

function romanValue(text: string): number {
  let total = 0;
  for (let i = 0; i < text.length; i++) {
    const v = ROMAN_VALUES[text[i]];
    const next = ROMAN_VALUES[text[i + 1]] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

/**
 * Roman numerals as digits, so III meets 3 (Ocean Star III / Ocean Star 3, Fund II). Only after the first word, never
 * an initial (a dotted letter), and a single I, V or X only in a company's name: in a person's it is an initial.
 */
function romanNumerals(words: Word[], kind: NameKind): Word[] {
  // A name of unknown type is read as a person's unless it carries a legal form (V in "Hans V Friedrich" is an initial).
  const company = kind === "company" || (kind === "any" && words.some((w) => !w.abjad && isLegalWord(w.text)));
  return words.map((w, i) => {
    if (i === 0 || w.abjad || w.native || w.dotted || !ROMAN.test(w.text)) return w;
    if (w.text.length === 1 && (!company || w.hyphened)) return w;
    // In a person's name only a generation's number at the end (John Smith III). XI is the Chinese family name Xi,
    // unless it ends a company's name, before its legal forms if any, where a series has its number (Fund XI).
    if (w.text === "xi" && (!company || !words.slice(i + 1).every((x) => !x.abjad && isLegalWord(x.text)))) return w;
    if (!company && (i < words.length - 1 || !PERSON_NUMERALS.has(w.text))) return w;
    return { ...w, text: String(romanValue(w.text)) };
  });
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
    const source = words
      .slice(i, i + phrase.length)
      .map((w) => w.source)
      .join(" ");
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
  if (value === undefined) {
    value = compute();
    map.set(key, value);
  }
  return value;
}

const isLegalWord = (word: string) => classifyWord(canonicalLegalWord(word), "company") === TokenClass.LegalForm;

/** "Grupo Alfa, S.A. de C.V.": a comma before a legal form is a company's, not the one of "LAST, First". */
function legalFormAfterComma(name: string): boolean {
  const comma = name.indexOf(",");
  if (comma <= 0) return false;
  const first = name
    .slice(comma + 1)
    .trim()
    .split(/\s+/)[0]
    ?.toLowerCase()
    .replace(/[^a-z]/g, "");
  return !!first && isLegalWord(first);
}

/** MV, MT, M/V, M.V., M/T: a vessel's type written before its name, not a part of it. */
const VESSEL_PREFIX = /^m\.?[/.]?\s*[vt]\.?$/i;

export function tokenize(name: string, kind: NameKind, cache?: TokenizeCache): Token[] {
  const text = (kind === "company" || (kind === "any" && legalFormAfterComma(name)) ? name : reorderLastFirst(name)).normalize("NFC");
  let words: Word[] = [];
  // Words in parentheses are qualifiers; the marks are on copies, cached words are never changed.
  let inParentheses = false;
  const chunks = text.split(/\s+/).filter(Boolean);
  // Chinese writes a dot between the parts of a foreign name, never in a Chinese one.
  const foreignHan = FOREIGN_NAME_DOT.test(text) && HAN.test(text) && !HANGUL.test(text);
  if (kind !== "person" && chunks.length > 1 && VESSEL_PREFIX.test(chunks[0])) chunks.shift();
  for (const chunk of chunks) {
    const before = words.length;
    if (ARABIC_WORD.test(chunk)) arabicWords(chunk, words);
    else if (HEBREW_WORD.test(chunk)) hebrewWord(chunk, words);
    else if (foreignHan && HAN.test(chunk)) foreignHanWords(chunk, words);
    else if (SYLLABIC.test(chunk)) words.push(...syllabicWords(chunk));
    else words.push(...memo(cache?.chunks, chunk, () => latinWords(chunk)));
    if (chunk.startsWith("(")) inParentheses = true;
    if (inParentheses) for (let i = before; i < words.length; i++) words[i] = { ...words[i], qualifier: true };
    if (chunk.includes(")")) inParentheses = false;
  }
  words = romanNumerals(numbersAsDigits(joinInitials(words)), kind); // copies, so cached words are never changed below
  if (kind !== "person") {
    for (const w of words) if (!w.abjad) w.text = memo(cache?.legal, w.text, () => canonicalLegalWord(w.text));
    words = canonicalPhrases(words);
    // Abbreviations and Russian company words in English (zavod: plant), after the legal forms they may be part of;
    // then, in a Russian company's name only (not in a person's, Zelenskiy), a place adjective is the place.
    let russian = false;
    words = words.flatMap((w) => {
      const word = w.abjad || w.native ? undefined : companyWordInEnglish(w.text);
      if (!word) return [w];
      if (word.russian) russian = true;
      return word.english.split(" ").map((text) => ({ ...w, text }));
    });
    if (russian) words = words.map((w) => (w.abjad || w.native ? w : { ...w, text: placeOfAdjective(w.text) ?? w.text }));
  }
  const tokens: Token[] = [];
  for (const w of words) {
    if (w.abjad) {
      const article = w.text === "ال";
      const [skeleton, ...arabicReadings] = w.skeleton !== undefined ? [w.skeleton] : article ? [ARABIC_ARTICLE] : arabicSkeletons(w.text);
      const readings = w.readings ?? (arabicReadings.length ? arabicReadings : undefined);
      const cls = article || ARABIC_PARTICLES.has(w.text) ? TokenClass.Particle : TokenClass.Name;
      const arabic = w.skeleton === undefined ? { letters: arabicLetters(w.text), vowels: arabicVowels(w.text) } : {};
      if (skeleton)
        tokens.push({
          text: w.source,
          raw: skeleton,
          key: skeleton,
          skeleton,
          abjad: true,
          cls,
          ...(readings ? { readings } : {}),
          ...arabic,
          ...(w.family ? { family: true } : {}),
        });
      continue;
    }
    if (w.native) {
      const key = latinKey(w.text);
      tokens.push({
        text: w.source,
        raw: w.text,
        key,
        skeleton: latinSkeleton(key),
        abjad: false,
        cls: TokenClass.Name,
        native: w.native,
        ...(w.readings ? { readings: w.readings } : {}),
        ...(w.inWord ? { inWord: true } : {}),
      });
      continue;
    }
    const word = w.text;
    let cls = classifyWord(word, kind);
    if (cls === TokenClass.Name && w.hyphened && HYPHEN_ARTICLES.has(word)) cls = TokenClass.Particle;
    if (cls === TokenClass.Name && w.qualifier) cls = TokenClass.Qualifier;
    const { key, skeleton } = memo(cache?.keys, word, () => {
      const k = latinKey(word);
      return { key: k, skeleton: latinSkeleton(k) };
    });
    tokens.push({ text: w.source, raw: word, key, skeleton, abjad: false, cls });
  }
  givenNameFirst(tokens, words, kind);
  return tokens;
}

/**
 * Ben, Van, Al, Del are given names too (Ben Carter, Van Morrison): standing first in a person's name, written apart
 * from a name word after it, such a word is the given name, not a particle of the family name (al-Zawahiri stays one).
 */
function givenNameFirst(tokens: Token[], words: Word[], kind: NameKind): void {
  if (kind === "company" || tokens.length < 2 || words.length !== tokens.length) return;
  if (tokens.some((t) => t.cls === TokenClass.LegalForm)) return;
  const [first, second] = tokens;
  if (first.abjad || first.cls !== TokenClass.Particle || words[0].hyphened || !GIVEN_NAME_PARTICLES.has(first.raw)) return;
  if (second.cls === TokenClass.Name && !second.abjad) first.cls = TokenClass.Name;
}
