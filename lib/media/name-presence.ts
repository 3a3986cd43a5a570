/**
 * Whether an article is about the screened name at all: the name has to appear in its title or snippet.
 * A news search for "John Smith" also returns articles on "Jane Smith" or "John Smithers"; those must not
 * count against the subject.
 *
 * Persons: the first and the last name must stand next to each other within one sentence or title clause
 * (". ; : | ! ? – —" and a spaced hyphen end one; a comma is allowed only in "Smith, John"). Between them
 * only the subject's own middle names, their initials, one unknown initial, or name particles (van, de,
 * bin) may stand; a middle name may be missing. A shared surname alone is not enough. The surname-first
 * order ("Smith, John", "SMITH John") is read as one name only when it is not part of a list of names:
 * "Will Smith, John Doe" names Will Smith and John Doe, so a capitalized word right before the surname or
 * right after the given name makes it two people.
 * Companies: every distinctive word, in order and within one clause, with only legal forms, generic words
 * (Group, Holding) and connectors (and, &, of) between them; the legal form itself is not needed ("Siemens"
 * for "Siemens AG").
 */
import type { NewsArticle } from "./news-article";
import { sameWord, tokenizeText, type WordToken } from "./text-tokens";

export type NameKind = "person" | "company";

const HONORIFICS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "dr",
  "prof",
  "professor",
  "sir",
  "dame",
  "lord",
  "lady",
  "herr",
  "frau",
  "sr",
  "sra",
  "srta",
  "senor",
  "senora",
  "don",
  "dona",
  "mme",
  "mlle",
  "monsieur",
  "madame",
]);
const PARTICLES = new Set([
  "van",
  "von",
  "der",
  "den",
  "de",
  "del",
  "della",
  "di",
  "da",
  "du",
  "des",
  "la",
  "le",
  "zu",
  "ten",
  "ter",
  "bin",
  "ibn",
  "al",
  "el",
  "ben",
  "abu",
  "y",
  "e",
  "dos",
  "das",
  "do",
]);
const SUFFIXES = new Set(["jr", "junior", "sen", "senior", "ii", "iii", "iv"]);

const LEGAL_FORMS = new Set([
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "ltd",
  "limited",
  "llc",
  "llp",
  "lp",
  "plc",
  "gmbh",
  "mbh",
  "ag",
  "kg",
  "kgaa",
  "ohg",
  "ug",
  "ev",
  "se",
  "sa",
  "sas",
  "sarl",
  "sasu",
  "sca",
  "snc",
  "sl",
  "slu",
  "srl",
  "spa",
  "sapa",
  "bv",
  "nv",
  "vof",
  "ab",
  "as",
  "asa",
  "aps",
  "oy",
  "oyj",
  "kk",
  "pte",
  "pty",
  "pvt",
  "sdn",
  "bhd",
  "tbk",
  "sab",
  "sapi",
  "sadecv",
  "jsc",
  "pjsc",
  "ojsc",
  "cjsc",
  "ooo",
  "oao",
  "zao",
  "pao",
  "ao",
  "sacv",
  "cv",
  "sderl",
  "lda",
  "ltda",
  "cia",
  "cie",
  "kft",
  "zrt",
  "sro",
  "doo",
  "dd",
  "ad",
  "ead",
]);
const GENERIC_COMPANY_WORDS = new Set([
  "group",
  "groupe",
  "gruppe",
  "grupo",
  "gruppo",
  "holding",
  "holdings",
  "international",
  "intl",
  "global",
  "worldwide",
  "the",
  "and",
  "und",
  "et",
  "y",
  "e",
  "of",
  "de",
  "des",
  "du",
  "la",
  "le",
  "el",
  "der",
  "die",
  "das",
]);

/** Commas of Latin, Arabic and CJK text. */
const COMMAS = /[,،、，]/;
/** What may join two words of one company name besides what joins a person's: "Procter & Gamble", "AT + T". */
const COMPANY_JOINERS = /^[&+'’]$/;

/** "Smith, John" -> "John Smith" (one comma only). */
function reorderLastFirst(name: string): string {
  const comma = name.indexOf(",");
  if (comma <= 0 || comma !== name.lastIndexOf(",")) return name;
  const last = name.slice(0, comma).trim();
  const first = name.slice(comma + 1).trim();
  return first && last ? `${first} ${last}` : name;
}

/** Runs of dotted single letters become one word: "S.A." -> "sa", "C.V." -> "cv". */
function joinDottedInitials(tokens: WordToken[]): WordToken[] {
  const out: WordToken[] = [];
  let inRun = false;
  for (const t of tokens) {
    const single = t.norm.length === 1;
    if (single && inRun && t.gapBefore.trim() === ".") {
      const previous = out[out.length - 1];
      out[out.length - 1] = { ...previous, norm: previous.norm + t.norm };
      continue;
    }
    out.push(t);
    inRun = single;
  }
  return out;
}

const compact = (gap: string) => gap.replace(/\s+/g, "");

/** A full stop after an initial or a title abbreviates it ("John M. Smith", "Dr. Smith"); after any other word it ends a sentence. */
const abbreviates = (word: string) => word.length === 1 || HONORIFICS.has(word) || SUFFIXES.has(word) || LEGAL_FORMS.has(word);

/** Whether two words of a text stand in one name: only spaces, an unspaced hyphen or an abbreviating full stop between them. */
function joinsName(previous: WordToken, gap: string): boolean {
  const c = compact(gap);
  if (c === "") return true;
  if (/^[-‐]$/.test(c)) return c === gap; // Jean-Pierre, but not "John - Smith"
  return c === "." && abbreviates(previous.norm);
}

/** Whether two words of a text stand in one company name: as for persons, plus "&" and the like; a comma only where the name has one. */
function joinsCompanyName(previous: WordToken, gap: string, commaAllowed: boolean): boolean {
  if (joinsName(previous, gap)) return true;
  const c = compact(gap);
  if (COMPANY_JOINERS.test(c)) return true;
  return commaAllowed && c.length === 1 && COMMAS.test(c);
}

interface PersonPattern {
  first: string;
  last: string;
  /** Middle names and particles of the query: each may stand between first and last, or be missing. */
  optional: string[];
  single: boolean;
}

function personPattern(name: string): PersonPattern | null {
  const words = tokenizeText(reorderLastFirst(name))
    .map((t) => t.norm)
    .filter((w) => !HONORIFICS.has(w) && !SUFFIXES.has(w));
  const core = words.filter((w) => !PARTICLES.has(w));
  const names = core.length ? core : words;
  if (!names.length) return null;
  const first = names[0];
  const last = names[names.length - 1];
  const firstAt = words.indexOf(first);
  const lastAt = words.lastIndexOf(last);
  return { first, last, optional: words.filter((_, i) => i !== firstAt && i !== lastAt), single: names.length === 1 };
}

const isOptional = (pattern: PersonPattern, word: string) => pattern.optional.some((o) => sameWord(o, word) || (word.length === 1 && o.startsWith(word)));

/** A text whose words are all capitalized (or all in a script without case) says nothing about which words are names. */
function caseTellsNames(text: string): boolean {
  return /(?:^|[^\p{L}\p{M}\p{N}'’])\p{Ll}/u.test(text) && /\p{Lu}/u.test(text);
}

/** The words of the pattern that follow the given name at `from`: middle names, their initials, one unknown initial. Returns the index after them. */
function skipMiddleNames(pattern: PersonPattern, words: WordToken[], from: number): number {
  let unknownInitialUsed = false;
  let k = from;
  while (k < words.length && joinsName(words[k - 1], words[k].gapBefore)) {
    const word = words[k].norm;
    if (isOptional(pattern, word)) k++;
    else if (word.length === 1 && !unknownInitialUsed) {
      unknownInitialUsed = true;
      k++;
    } else break;
  }
  return k;
}

function forwardAt(pattern: PersonPattern, words: WordToken[], i: number): boolean {
  if (!sameWord(words[i].norm, pattern.first)) return false;
  let unknownInitialUsed = false;
  const maxGap = pattern.optional.length + 1;
  for (let j = i + 1; j < words.length && j - i - 1 <= maxGap; j++) {
    if (!joinsName(words[j - 1], words[j].gapBefore)) return false;
    if (sameWord(words[j].norm, pattern.last)) return true;
    if (isOptional(pattern, words[j].norm)) continue;
    if (words[j].norm.length === 1 && !unknownInitialUsed) {
      unknownInitialUsed = true;
      continue;
    }
    return false;
  }
  return false;
}

/** "Smith, John" and "SMITH John": the surname, then the given name, and no other name glued to either side. */
function reversedAt(pattern: PersonPattern, words: WordToken[], i: number, caseInformative: boolean): boolean {
  if (!sameWord(words[i].norm, pattern.last) || i + 1 >= words.length) return false;
  const between = compact(words[i + 1].gapBefore);
  if (!(between === "" || (between.length === 1 && COMMAS.test(between)))) return false;
  if (!sameWord(words[i + 1].norm, pattern.first)) return false;
  const before = i > 0 && compact(words[i].gapBefore) === "" ? words[i - 1] : undefined;
  if (before && !HONORIFICS.has(before.norm) && !isOptional(pattern, before.norm) && (!caseInformative || before.capitalized)) return false;
  const end = skipMiddleNames(pattern, words, i + 2);
  const after = end < words.length && compact(words[end].gapBefore) === "" ? words[end] : undefined;
  return !(after && caseInformative && after.capitalized && !SUFFIXES.has(after.norm));
}

function personAppears(pattern: PersonPattern, text: string): boolean {
  const words = tokenizeText(text);
  if (pattern.single) return words.some((w) => sameWord(w.norm, pattern.first));
  const caseInformative = caseTellsNames(text);
  for (let i = 0; i < words.length; i++) {
    if (forwardAt(pattern, words, i) || reversedAt(pattern, words, i, caseInformative)) return true;
  }
  return false;
}

interface CompanyPattern {
  required: string[];
  /** The name itself has a comma ("Merrill Lynch, Pierce, Fenner & Smith"), so the text may too. */
  commaAllowed: boolean;
}

function companyPattern(name: string): CompanyPattern | null {
  const words = joinDottedInitials(tokenizeText(name)).map((t) => t.norm);
  if (!words.length) return null;
  const notLegal = words.filter((w) => !LEGAL_FORMS.has(w));
  const distinctive = notLegal.filter((w) => !GENERIC_COMPANY_WORDS.has(w));
  const required = distinctive.length ? distinctive : notLegal.length ? notLegal : words;
  return { required, commaAllowed: COMMAS.test(name) };
}

function companyAppears(pattern: CompanyPattern, words: WordToken[]): boolean {
  const { required } = pattern;
  const optional = (w: string) => LEGAL_FORMS.has(w) || GENERIC_COMPANY_WORDS.has(w);
  for (let i = 0; i < words.length; i++) {
    if (!sameWord(words[i].norm, required[0])) continue;
    let k = 1;
    let j = i + 1;
    let gap = 0;
    while (k < required.length && j < words.length && gap <= 2) {
      if (!joinsCompanyName(words[j - 1], words[j].gapBefore, pattern.commaAllowed)) break;
      if (sameWord(words[j].norm, required[k])) {
        k++;
        gap = 0;
      } else if (optional(words[j].norm)) {
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
  return (text) => !!pattern && personAppears(pattern, text);
}

export function nameAppears(name: string, kind: NameKind, text: string): boolean {
  return nameMatcher(name, kind)(text);
}

/** Title and snippet are checked apart, so a name cannot be pieced together across them. */
export function articleMentions(matcher: NameMatcher, article: Pick<NewsArticle, "title" | "snippet">): boolean {
  return matcher(article.title) || (!!article.snippet && matcher(article.snippet));
}
