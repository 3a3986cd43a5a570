/**
 * The words of names the matcher knows, in normalized form (ASCII, lower case, no punctuation, dotted abbreviations
 * joined), and what they are:
 *
 * - token classes: legal forms, honorifics, particles and qualifiers carry little identifying information; they are
 *   kept (a company that is a "LLC" should still prefer an "LLC" over a "LTD") but weigh little (CLASS_WEIGHTS);
 * - legal forms written out or abbreviated, in several languages, to one canonical form (Limited, Ltd; OOO, LLC), also
 *   misspelt, and the families of forms that exclude each other (AG / GmbH);
 * - company words the lists abbreviate or translate (Int'l; Russian zavod: plant), and Russian place adjectives;
 * - given names and their short forms (Ted / Theodore, Bill / William);
 * - East Slavic patronymics (Viktorovich, Aleksandrovna), which weigh PATRONYMIC_WEIGHT of their rarity.
 */
import { tokenSimilarity } from "./similarity.ts";
import {
  CLASS_WEIGHTS,
  LEGAL_LENGTH_SLACK,
  LONG_LEGAL_WORD,
  MISSPELT_LEGAL_MIN_LENGTH,
  MISSPELT_LEGAL_WORD,
  PATRONYMIC_MIN_LENGTH,
  PHRASE_WORD_FUZZY_LENGTH,
} from "./tuning.ts";

export enum TokenClass {
  Name = 0,
  /** Articles and connectors: al-, bin, de, van, of, the. */
  Particle = 1,
  /** Titles and honorifics: Mr, Dr, Sheikh, Haji, General. */
  Honorific = 2,
  /** Company legal forms: LLC, Ltd, GmbH, OOO, S.A.R.L. */
  LegalForm = 3,
  /** Words in parentheses: a qualifier such as a country (Deutsche Bank (Schweiz) AG). */
  Qualifier = 4,
}

/** How much of a token's weight its class keeps (tuning.ts CLASS_WEIGHTS), indexed by TokenClass. */
export const CLASS_WEIGHT: readonly number[] = [
  CLASS_WEIGHTS.name,
  CLASS_WEIGHTS.particle,
  CLASS_WEIGHTS.honorific,
  CLASS_WEIGHTS.legalForm,
  CLASS_WEIGHTS.qualifier,
];

/** Spellings of one legal form mapped to one canonical token, so "Limited" meets "Ltd". */
const LEGAL_SYNONYMS: Record<string, string> = {
  limited: "ltd",
  limitada: "ltda",
  company: "co",
  corporation: "corp",
  corporacion: "corp",
  corporacao: "corp",
  incorporated: "inc",
  aktiengesellschaft: "ag",
  cie: "co",
  cia: "co",
  compania: "co",
  companhia: "co",
  compagnie: "co",
  gesellschaft: "ges",
  // Russian and Ukrainian abbreviations of the same forms.
  oao: "ojsc",
  zao: "cjsc",
  pao: "pjsc",
  ooo: "llc",
  tov: "llc",
  ao: "jsc",
};

/** Multi-word legal forms (in canonical words, see canonicalLegalWord), replaced by one canonical token. */
const LEGAL_PHRASES: [string[], string][] = [
  [["ltd", "liability", "co"], "llc"],
  [["ltd", "liability", "partnership"], "llp"],
  [["public", "joint", "stock", "co"], "pjsc"],
  [["closed", "joint", "stock", "co"], "cjsc"],
  [["open", "joint", "stock", "co"], "ojsc"],
  [["joint", "stock", "co"], "jsc"],
  // The Russian forms written out, transliterated (Aktsionernoe obshchestvo: JSC).
  [["publichnoe", "aktsionernoe", "obshchestvo"], "pjsc"],
  [["otkrytoe", "aktsionernoe", "obshchestvo"], "ojsc"],
  [["zakrytoe", "aktsionernoe", "obshchestvo"], "cjsc"],
  [["aktsionernoe", "obshchestvo"], "jsc"],
  [["obshchestvo", "s", "ogranichennoy", "otvetstvennostyu"], "llc"],
  [["public", "ltd", "co"], "plc"],
  [["private", "ltd"], "pvt ltd"],
  // Mexican forms are the words they are made of (S.A. de C.V.: sa, cv), not one word that no one writes.
  [["s", "de", "rl", "de", "cv"], "srl cv"],
  [["sa", "de", "cv"], "sa cv"],
  [["sapi", "de", "cv"], "sapi cv"],
  [["s", "de", "rl"], "srl"],
  [["sdn", "bhd"], "sdnbhd"],
  [["sp", "z", "oo"], "spzoo"],
  [["ges", "mit", "beschrankter", "haftung"], "gmbh"],
  [["societatea", "cu", "raspundere", "ltda"], "srl"],
  [["societatea", "cu", "raspundere", "limitata"], "srl"],
  [["sociedad", "anonima"], "sa"],
  [["societe", "anonyme"], "sa"],
];

const LEGAL_FORMS = new Set([
  "llc",
  "ltd",
  "co",
  "corp",
  "inc",
  "plc",
  "llp",
  "lp",
  "lc",
  "pvt",
  "pte",
  "pty",
  "bhd",
  "sdnbhd",
  "sa",
  "sas",
  "sarl",
  "sl",
  "srl",
  "spa",
  "sae",
  "sal",
  "sac",
  "saa",
  "cv",
  "sapi",
  "ltda",
  "eirl",
  "gmbh",
  "ag",
  "kg",
  "ohg",
  "ges",
  "mbh",
  "bv",
  "nv",
  "ab",
  "oy",
  "oyj",
  "aps",
  "asa",
  "kft",
  "zrt",
  "doo",
  "dd",
  "sro",
  "as",
  "ooo",
  "oao",
  "zao",
  "pao",
  "ao",
  "tov",
  "pat",
  "prat",
  "chp",
  "tdv",
  "too",
  "jsc",
  "pjsc",
  "cjsc",
  "ojsc",
  "spzoo",
  "ano",
  "fze",
  "fzco",
  "fzc",
  "fzllc",
  "fz",
  "dmcc",
  "wll",
  "est",
  "jv",
  "pllc",
  "kk",
  "gk",
  "ptdl",
]);

// Only titles that are hardly ever a name themselves (not Amir, Imam, Bishop, Major).
const HONORIFICS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mister",
  "madam",
  "dr",
  "doctor",
  "prof",
  "professor",
  "sir",
  "hon",
  "sheikh",
  "shaikh",
  "shaykh",
  "sheik",
  "cheikh",
  "haji",
  "hajji",
  "hadji",
  "hadj",
  "alhaj",
  "alhaji",
  "hajj",
  "mullah",
  "mulla",
  "molla",
  "maulvi",
  "maulavi",
  "mawlawi",
  "moulavi",
  "maulana",
  "mawlana",
  "qari",
  "mufti",
  "ayatollah",
  "hojatoleslam",
  "general",
  "gen",
  "colonel",
  "col",
  "maj",
  "capt",
  "lt",
  "brigadier",
  "admiral",
  "cmdr",
  "sgt",
  "rev",
  "reverend",
  "engr",
  "eng",
  "ing",
]);

/** Connectors that are particles anywhere. "al"/"el" are the Arabic article written apart. */
const PARTICLES = new Set([
  "al",
  "el",
  "bin",
  "ben",
  "ibn",
  "bint",
  "binti",
  "bte",
  "ould",
  "wuld",
  "walad",
  "ouled", // "sons of", in North African family names (Ouled Brahim)
  "oulad",
  "ait", // Berber "sons of" (Ait Ahmed)
  "ag", // Tuareg "son of" (Ag Mohamed); a legal form (AG) in a company's name, which is looked up first

  "de",
  "del",
  "della",
  "di",
  "da",
  "das",
  "do",
  "dos",
  "du",
  "des",
  "la",
  "le",
  "los",
  "las",
  "y",
  "van",
  "von",
  "der",
  "den",
  "ter",
  "zu",
  "the",
  "of",
  "and",
  "for",
  "und",
  "et",
]);

/** Particles that are also given names (Ben, Van, Al, Del): a given name when first in a person's name (normalize.ts). */
export const GIVEN_NAME_PARTICLES = new Set(["al", "ben", "van", "von", "del"]);

/** Forms of the Arabic article that are particles only when hyphen-joined to the next word (ad-Din, ash-Shaykh). */
export const HYPHEN_ARTICLES = new Set([
  "al",
  "el",
  "ad",
  "ar",
  "as",
  "ash",
  "ach", // French spellings of ash- (Ech-Cherif, Ach-Chaabi), eth-, edh-
  "ech",
  "eth",
  "ath",
  "edh",
  "adh",
  "at",
  "az",
  "an",
  "ul",
  "ud",
  "ur",
  "us",
  "un",
  "ut",
  "ez",
  "es",
  "et",
  "ed",
  "er",
  "en",
]);

const LONG_LEGAL_WORDS = Object.keys(LEGAL_SYNONYMS).filter((w) => w.length >= LONG_LEGAL_WORD);

/** A legal form written out (Limited, Corporation), also misspelt (Limted, Corpoartion), to its short form. */
export function canonicalLegalWord(word: string): string {
  const exact = LEGAL_SYNONYMS[word];
  if (exact) return exact;
  if (word.length < MISSPELT_LEGAL_MIN_LENGTH || LEGAL_FORMS.has(word)) return word;
  for (const long of LONG_LEGAL_WORDS) {
    if (long[0] !== word[0] || Math.abs(long.length - word.length) > LEGAL_LENGTH_SLACK) continue;
    if (tokenSimilarity(word, long, MISSPELT_LEGAL_WORD) > 0) return LEGAL_SYNONYMS[long];
  }
  return word;
}

/** Long words of a phrase may be misspelt (Joint Sotck Company); short ones must be exact. */
function phraseWordMatches(expected: string, word: string): boolean {
  if (expected === word) return true;
  if (expected.length < PHRASE_WORD_FUZZY_LENGTH || expected[0] !== word[0] || Math.abs(expected.length - word.length) > LEGAL_LENGTH_SLACK) return false;
  return tokenSimilarity(word, expected, MISSPELT_LEGAL_WORD) > 0;
}

/** The multi-word legal form starting at words[i] (canonical words): its length and canonical tokens. */
export function legalPhraseAt(words: string[], i: number): { length: number; canonical: string[] } | null {
  for (const [phrase, canonical] of LEGAL_PHRASES) {
    if (i + phrase.length <= words.length && phrase.every((p, k) => phraseWordMatches(p, words[i + k]))) {
      return { length: phrase.length, canonical: canonical.split(" ") };
    }
  }
  return null;
}

/**
 * The words Russian company names are made of, transliterated, and the English words the lists translate them by
 * (Муромский приборостроительный завод: Murom Instrument-Making Plant). A stem stands for its inflected forms.
 */
const RUSSIAN_COMPANY_WORDS: [string, string][] = [
  ["zavod", "plant"],
  ["fabrika", "factory"],
  ["priborostroitel", "instrument making"],
  ["mashinostroitel", "machine building"],
  ["sudostroitel", "shipbuilding"],
  ["stankostroitel", "machine tool"],
  ["elektromekhanichesk", "electromechanical"],
  ["mekhanichesk", "mechanical"],
  ["khimichesk", "chemical"],
  ["metallurgichesk", "metallurgical"],
  ["aviatsionn", "aviation"],
  ["radiotekhnichesk", "radio engineering"],
  ["nauchno", "scientific"],
  ["issledovatelsk", "research"],
  ["proizvodstvenn", "production"],
  ["obedinenie", "association"],
  ["predpriyatie", "enterprise"],
  ["konstruktorsk", "design"],
  ["byuro", "bureau"],
  ["gosudarstvenn", "state"],
];
const RUSSIAN_PREFIXES = new Set(RUSSIAN_COMPANY_WORDS.map(([stem]) => stem.slice(0, 3)));
/** Company words the lists abbreviate (Int'l, Mfg.), written out. */
const COMPANY_ABBREVIATIONS: Record<string, string> = {
  intl: "international",
  natl: "national",
  mfg: "manufacturing",
  assn: "association",
  bros: "brothers",
  govt: "government",
  mgmt: "management",
  svcs: "services",
  dept: "department",
};
/** What may follow a stem: an adjective's or a noun's inflection (-nyy, -naya, -nogo, -oe, -a). */
const INFLECTION = /^(?:n?(?:yy|yi|iy|ii|y|aya|oe|oye|ogo|ykh|ye|a|e|o|u|om)?)$/;
/** A Russian adjective made from a place name (Muromskiy, Ural'skiy: of Murom, of the Urals). */
const PLACE_ADJECTIVE = /^([a-z]{4,})(?:skiy|skii|skyy|sky|skaya|skoe|skoye|skogo)$/;

/**
 * A word of a company's name in English when it is an abbreviation (intl: international) or a Russian company word
 * transliterated (zavod: plant, priborostroitelnyy: instrument making); a translation may be two words. Undefined
 * for any other word.
 */
export function companyWordInEnglish(word: string): { english: string; russian: boolean } | undefined {
  const written = COMPANY_ABBREVIATIONS[word];
  if (written) return { english: written, russian: false };
  if (!RUSSIAN_PREFIXES.has(word.slice(0, 3))) return undefined;
  for (const [stem, english] of RUSSIAN_COMPANY_WORDS) if (word.startsWith(stem) && INFLECTION.test(word.slice(stem.length))) return { english, russian: true };
  return undefined;
}

/** In a Russian company's name, a place adjective is the place (muromskiy: murom); undefined for another word. */
export function placeOfAdjective(word: string): string | undefined {
  return PLACE_ADJECTIVE.exec(word)?.[1];
}

/**
 * Given names and their usual short forms (Ted for Theodore, Bill for William, Pepe for José): one person goes by
 * both. A short form may be in two groups (Ted: Theodore or Edward). Forms of a name in other languages are not
 * here (Friedrich is not Frederick, Antoine not Antonio): the lists write a person's name in its own language.
 */
const GIVEN_NAME_GROUPS: string[] = [
  "john jack johnny",
  "william bill billy will willy liam",
  "robert bob bobby rob robbie",
  "richard rick ricky dick rich",
  "james jim jimmy jamie",
  "michael mike mick mickey",
  "alexander alex sandy",
  "benjamin ben benny benji",
  "theodore ted teddy theo",
  "edward ed eddie ted ned",
  "edmund ed ted ned",
  "thomas tom tommy",
  "joseph joe joey",
  "peter pete",
  "charles charlie chuck",
  "henry harry hank",
  "francis frank",
  "anthony tony",
  "daniel dan danny",
  "david dave davy",
  "samuel sam sammy",
  "stephen steve",
  "steven steve",
  "nicholas nick nicky",
  "andrew andy drew",
  "matthew matt",
  "christopher chris",
  "patrick pat paddy",
  "gregory greg",
  "lawrence larry",
  "frederick fred freddie",
  "raymond ray",
  "ronald ron ronnie",
  "donald don",
  "timothy tim",
  "jacob jake",
  "abraham abe",
  "elizabeth liz beth betty",
  "margaret maggie meg peggy",
  "catherine kate katie cathy",
  "katherine kate katie kathy",
  "jose pepe",
  "francisco paco pancho",
  "aleksandr sasha",
  "vladimir volodya vova",
  "dmitry dima",
  "yevgeny zhenya",
  "mikhail misha",
  "nikolay kolya",
];
const GIVEN_NAME_FORMS = new Map<string, string[]>();
for (const group of GIVEN_NAME_GROUPS) {
  const names = group.split(" ");
  for (const name of names) GIVEN_NAME_FORMS.set(name, [...new Set([...(GIVEN_NAME_FORMS.get(name) ?? []), ...names.filter((n) => n !== name)])]);
}

/** The other forms of a given name (ted: theodore, edward, ...), none for a word that is not one. */
export function givenNameForms(word: string): readonly string[] {
  return GIVEN_NAME_FORMS.get(word) ?? [];
}

/**
 * Legal forms that exclude each other: a company is a stock corporation (AG, SA, JSC), a limited liability company
 * (GmbH, LLC, SARL) or a non-profit (ANO), not two at once. Forms used for either (Ltd, Inc, Corp, Co, AB, AS) are in
 * none. Canonical words (ooo is llc, oao ojsc).
 */
const LEGAL_FAMILIES: Record<string, number> = {
  ...Object.fromEntries(["ag", "sa", "jsc", "ojsc", "cjsc", "pjsc", "spa", "nv", "sas", "sae", "saa", "sac", "pat", "prat", "kgaa"].map((w) => [w, 1])),
  ...Object.fromEntries(["gmbh", "llc", "sarl", "srl", "sl", "ltda", "bv", "sro", "spzoo", "kft", "doo", "too", "pllc", "fzllc"].map((w) => [w, 2])),
  ano: 3,
};

/** 1 for a stock corporation's legal form, 2 for a limited liability company's, 3 for a non-profit's, else 0. */
export function legalFamily(word: string): number {
  return LEGAL_FAMILIES[word] ?? 0;
}

/** "any" is a query of unknown type: both legal forms and honorifics are recognised. */
export type NameKind = "person" | "company" | "any";

/**
 * Words many unrelated companies carry (Group, Holding, PMC): weighed like a legal form, so "Wagner
 * Group" finds "PMC Wagner" on the word that names it.
 */
const GENERIC_COMPANY_WORDS = new Set(["group", "groups", "grupo", "gruppe", "groupe", "holding", "holdings", "pmc"]);

export function classifyWord(word: string, kind: NameKind): TokenClass {
  if (kind !== "person" && (LEGAL_FORMS.has(word) || GENERIC_COMPANY_WORDS.has(word))) return TokenClass.LegalForm;
  if (PARTICLES.has(word)) return TokenClass.Particle;
  if (kind !== "company" && HONORIFICS.has(word)) return TokenClass.Honorific;
  return TokenClass.Name;
}

// With the French and German spellings of the same endings (Petrovitch, Iwanowitsch).
const PATRONYMIC_ENDING = /(ovich|evich|ovych|evych|ovitch|evitch|ovitsch|evitsch|owitsch|ewitsch|owitch|ewitch|ovna|evna|ivna|ichna)$/;
/** Viktorovich, Oleksandrovych, Aleksandrovna: the father's name East Slavic names carry between given and family name. */
export function isPatronymic(raw: string): boolean {
  return raw.length >= PATRONYMIC_MIN_LENGTH && PATRONYMIC_ENDING.test(raw);
}
