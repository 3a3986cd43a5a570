/**
 * Words of a headline or a name in one comparable form: ASCII (any-ascii), lower case, no punctuation.
 * Name presence and the lexicon classifier both read text through this, so they agree on what a word is.
 */
import anyAscii from "any-ascii";

export interface WordToken {
  /** Normalized: ASCII letters and digits only, lower case ("Geldwäsche" -> "geldwasche"). */
  norm: string;
  /** Starts with an upper-case letter in the original text (German nouns). */
  capitalized: boolean;
  /** The text between the previous word and this one ("" for the first word). */
  gapBefore: string;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’`´][\p{L}\p{M}\p{N}]+)*/gu;
const APOSTROPHE = /['’`´]/;
/** French and Italian elisions (d'influence, l'enquête, qu'il): the article is a word of its own. */
const ELIDED = new Set(["d", "l", "j", "m", "n", "s", "t", "c", "qu", "dell", "nell", "all", "dall", "sull"]);
const UPPER = /^\p{Lu}/u;

export function normalizeWord(word: string): string {
  return anyAscii(word)
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export function tokenizeText(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  let last = 0;
  const push = (word: string, gapBefore: string) => {
    const norm = normalizeWord(word);
    if (norm) tokens.push({ norm, capitalized: UPPER.test(word), gapBefore });
  };
  const source = text.normalize("NFC");
  for (const match of source.matchAll(WORD)) {
    const gap = source.slice(last, match.index);
    last = match.index + match[0].length;
    const parts = match[0].split(APOSTROPHE);
    if (parts.length === 1) {
      push(match[0], gap);
      continue;
    }
    // Smith's -> smith; d'influence -> d influence; O'Brien -> obrien.
    let word = parts[0];
    let wordGap = gap;
    for (let i = 1; i < parts.length; i++) {
      const next = parts[i];
      if (i === parts.length - 1 && next.toLowerCase() === "s") break;
      if (ELIDED.has(normalizeWord(word))) {
        push(word, wordGap);
        word = next;
        wordGap = "'";
      } else {
        word += next;
      }
    }
    push(word, wordGap);
  }
  return tokens;
}

/** German spellings without umlauts (Mueller, Groesse) meet the transliterated ones (Müller -> muller). */
export function foldUmlauts(norm: string): string {
  return norm.replace(/ae/g, "a").replace(/oe/g, "o").replace(/ue/g, "u");
}

export function sameWord(a: string, b: string): boolean {
  return a === b || foldUmlauts(a) === foldUmlauts(b);
}
