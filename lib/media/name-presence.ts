/**
 * Whether an article is about the screened name at all: the name has to appear in its title or snippet.
 * A news search for "John Smith" also returns articles on "Jane Smith" or "John Smithers"; those must not
 * count against the subject.
 *
 * Persons: the first and the last name must appear next to each other, in either order ("John Smith",
 * "Smith, John", "SMITH John"). Between them only the subject's own middle names, their initials, one unknown
 * initial, or name particles (van, de, bin) may stand; a middle name may be missing. A shared surname alone is
 * not enough.
 * Companies: every distinctive word, in order, with only legal forms, generic words (Group, Holding) and
 * connectors (and, &, of) between them; the legal form itself is not needed ("Siemens" for "Siemens AG").
 */
import type { NewsArticle } from "./news-article";
import { sameWord, tokenizeText, type WordToken } from "./text-tokens";

export type NameKind = "person" | "company";

const HONORIFICS = new Set([
  "mr", "mrs", "ms", "miss", "dr", "prof", "professor", "sir", "dame", "lord", "lady", "herr", "frau",
  "sr", "sra", "srta", "senor", "senora", "don", "dona", "mme", "mlle", "monsieur", "madame",
]);
const PARTICLES = new Set([
  "van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "des", "la", "le", "zu", "ten", "ter",
  "bin", "ibn", "al", "el", "ben", "abu", "y", "e", "dos", "das", "do",
]);
const SUFFIXES = new Set(["jr", "junior", "sen", "senior", "ii", "iii", "iv"]);

const LEGAL_FORMS = new Set([
  "inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "llc", "llp", "lp", "plc",
  "gmbh", "mbh", "ag", "kg", "kgaa", "ohg", "ug", "ev", "se", "sa", "sas", "sarl", "sasu", "sca", "snc", "sl",
  "slu", "srl", "spa", "sapa", "bv", "nv", "vof", "ab", "as", "asa", "aps", "oy", "oyj", "kk", "pte", "pty",
  "pvt", "sdn", "bhd", "tbk", "sab", "sapi", "sadecv", "jsc", "pjsc", "ojsc", "cjsc", "ooo", "oao", "zao", "pao", "ao", "sacv", "cv",
  "sderl", "lda", "ltda", "cia", "cie", "kft", "zrt", "sro", "doo", "dd", "ad", "ead",
]);
const GENERIC_COMPANY_WORDS = new Set([
  "group", "groupe", "gruppe", "grupo", "gruppo", "holding", "holdings", "international", "intl", "global",
  "worldwide", "the", "and", "und", "et", "y", "e", "of", "de", "des", "du", "la", "le", "el", "der", "die", "das",
]);

/** "Smith, John" -> "John Smith" (one comma only). */
function reorderLastFirst(name: string): string {
  const comma = name.indexOf(",");
  if (comma <= 0 || comma !== name.lastIndexOf(",")) return name;
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  return first && last ? `${first} ${last}` : name;
}

/** Runs of dotted single letters become one word: "S.A." -> "sa", "C.V." -> "cv". */
function joinDottedInitials(tokens: WordToken[]): string[] {
  const out: string[] = [];
  let inRun = false;
  for (const t of tokens) {
    const single = t.norm.length === 1;
    if (single && inRun && t.gapBefore.trim() === ".") {
      out[out.length - 1] += t.norm;
      continue;
    }
    out.push(t.norm);
    inRun = single;
  }
  return out;
}

const textWords = (text: string) => tokenizeText(text).map((t) => t.norm);

interface PersonPattern {
  first: string;
  last: string;
  /** Middle names and particles of the query: each may stand between first and last, or be missing. */
  optional: string[];
  single: boolean;
}

function personPattern(name: string): PersonPattern | null {
  const words = textWords(reorderLastFirst(name)).filter((w) => !HONORIFICS.has(w) && !SUFFIXES.has(w));
  const core = words.filter((w) => !PARTICLES.has(w));
  const names = core.length ? core : words;
  if (!names.length) return null;
  const first = names[0];
  const last = names[names.length - 1];
  const firstAt = words.indexOf(first);
  const lastAt = words.lastIndexOf(last);
  return { first, last, optional: words.filter((_, i) => i !== firstAt && i !== lastAt), single: names.length === 1 };
}

function fitsBetween(word: string, pattern: PersonPattern, unknownInitialUsed: { value: boolean }): boolean {
  if (pattern.optional.some((o) => sameWord(o, word) || (word.length === 1 && o.startsWith(word)))) return true;
  if (word.length === 1 && !unknownInitialUsed.value) {
    unknownInitialUsed.value = true;
    return true;
  }
  return false;
}

function personAppears(pattern: PersonPattern, words: string[]): boolean {
  if (pattern.single) return words.some((w) => sameWord(w, pattern.first));
  const maxGap = pattern.optional.length + 1;
  for (let i = 0; i < words.length; i++) {
    // First ... Last
    if (sameWord(words[i], pattern.first)) {
      const used = { value: false };
      for (let j = i + 1; j < words.length && j - i - 1 <= maxGap; j++) {
        if (sameWord(words[j], pattern.last)) return true;
        if (!fitsBetween(words[j], pattern, used)) break;
      }
    }
    // Last, First: the surname first, then the given name right after it.
    if (sameWord(words[i], pattern.last) && i + 1 < words.length && sameWord(words[i + 1], pattern.first)) return true;
  }
  return false;
}

interface CompanyPattern {
  required: string[];
}

function companyPattern(name: string): CompanyPattern | null {
  const words = joinDottedInitials(tokenizeText(name));
  if (!words.length) return null;
  const notLegal = words.filter((w) => !LEGAL_FORMS.has(w));
  const distinctive = notLegal.filter((w) => !GENERIC_COMPANY_WORDS.has(w));
  const required = distinctive.length ? distinctive : notLegal.length ? notLegal : words;
  return { required };
}

function companyAppears(pattern: CompanyPattern, words: string[]): boolean {
  const { required } = pattern;
  const optional = (w: string) => LEGAL_FORMS.has(w) || GENERIC_COMPANY_WORDS.has(w);
  for (let i = 0; i < words.length; i++) {
    if (!sameWord(words[i], required[0])) continue;
    let k = 1;
    let j = i + 1;
    let gap = 0;
    while (k < required.length && j < words.length && gap <= 2) {
      if (sameWord(words[j], required[k])) {
        k++;
        gap = 0;
      } else if (optional(words[j])) {
        gap++;
      } else {
        break;
      }
      j++;
    }
    if (k === required.length) return true;
  }
  return false;
}

export type NameMatcher = (text: string) => boolean;

/** Compiles the name once; the matcher answers whether it appears in a text. An empty name matches nothing. */
export function nameMatcher(name: string, kind: NameKind): NameMatcher {
  if (kind === "company") {
    const pattern = companyPattern(name);
    return (text) => !!pattern && companyAppears(pattern, joinDottedInitials(tokenizeText(text)));
  }
  const pattern = personPattern(name);
  return (text) => !!pattern && personAppears(pattern, textWords(text));
}

export function nameAppears(name: string, kind: NameKind, text: string): boolean {
  return nameMatcher(name, kind)(text);
}

/** Title and snippet are checked apart, so a name cannot be pieced together across them. */
export function articleMentions(matcher: NameMatcher, article: Pick<NewsArticle, "title" | "snippet">): boolean {
  return matcher(article.title) || (!!article.snippet && matcher(article.snippet));
}
