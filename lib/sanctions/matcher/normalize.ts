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
} from "./lexicon";
import { arabicSkeleton, latinKey, latinSkeleton } from "./phonetic";

export interface Token {
  /** The index key: latinKey of the ASCII word, or the consonant skeleton of an Arabic-script word. */
  key: string;
  skeleton: string;
  /** Written in Arabic script: comparable on its skeleton only. */
  abjad: boolean;
  cls: TokenClass;
}

/** bin, ibn, bint, ould: the Arabic-script forms of Latin particles. */
const ARABIC_PARTICLES = new Set(["بن", "ابن", "بنت", "ولد"]);
const ARABIC_WORD = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}]/gu;
const MARKS = /\p{M}/gu;
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
  abjad: boolean;
  /** Followed directly by "." (an initial or an abbreviation). */
  dotted: boolean;
  /** Followed directly by "-" (al-Tikriti). */
  hyphened: boolean;
}

function arabicWords(chunk: string, out: Word[]): void {
  const word = chunk.normalize("NFKD").replace(MARKS, "").replace(/[\u0640\s]/g, "");
  const push = (text: string) => out.push({ text, abjad: true, dotted: false, hyphened: false });
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

function latinWords(chunk: string, out: Word[]): void {
  const ascii = anyAscii(chunk.replace(SYLLABIC, (c) => ` ${c} `))
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
    if (cur) out.push({ text: cur, abjad: false, dotted: c === ".", hyphened: c === "-" });
    cur = "";
  }
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
      last.dotted = w.dotted;
      last.hyphened = w.hyphened;
      continue;
    }
    out.push({ ...w });
    inRun = letter;
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
    for (const text of phrase.canonical) out.push({ text, abjad: false, dotted: false, hyphened: false });
    i += phrase.length;
  }
  return out;
}

export function tokenize(name: string, kind: NameKind): Token[] {
  const text = (kind === "company" ? name : reorderLastFirst(name)).normalize("NFC");
  let words: Word[] = [];
  for (const chunk of text.split(/\s+/)) {
    if (!chunk) continue;
    if (ARABIC_WORD.test(chunk)) arabicWords(chunk, words);
    else latinWords(chunk, words);
  }
  words = joinInitials(words);
  if (kind !== "person") words = canonicalPhrases(words);
  const tokens: Token[] = [];
  for (const w of words) {
    if (w.abjad) {
      const article = w.text === "ال";
      const skeleton = article ? "l" : arabicSkeleton(w.text);
      const cls = article || ARABIC_PARTICLES.has(w.text) ? TokenClass.Particle : TokenClass.Name;
      if (skeleton) tokens.push({ key: skeleton, skeleton, abjad: true, cls });
      continue;
    }
    const word = kind === "person" ? w.text : canonicalLegalWord(w.text);
    let cls = classifyWord(word, kind);
    if (cls === TokenClass.Name && w.hyphened && HYPHEN_ARTICLES.has(word)) cls = TokenClass.Particle;
    const key = latinKey(word);
    tokens.push({ key, skeleton: latinSkeleton(key), abjad: false, cls });
  }
  return tokens;
}
