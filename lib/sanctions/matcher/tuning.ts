/**
 * Every weight, threshold, floor, cap, penalty and margin of the name matcher, in one table: what a reader tunes, with
 * why it has its value. The other matcher files import these and keep only structural numbers (array sizes, Unicode
 * ranges, bit widths, hash constants, cache sizes that change no result).
 *
 * Similarities and scores are in 0..1; costs are in edits (a wrong consonant costs 1); lengths are in letters of the
 * ASCII (or skeleton) form. Changing a value changes results: bump MATCHER_VERSION (version.ts) with it.
 *
 * How the values act, in the order a search uses them:
 *   1. token similarity: 1 - weighted edit distance / longer length (similarity.ts), under SIMILARITY_FLOOR none;
 *   2. token weight: rarity (IDF) x class weight, less for initials and patronymics (query.ts);
 *   3. candidate finding: the CANDIDATES names of highest summed similarity x weight are scored in full (candidates.ts);
 *   4. name score: Q = share of the query's weight found, N = share of the name's weight accounted for,
 *        score = conflict x Q x (floor + (1 - floor) x N), or from the name's side when that is higher, capped
 *      (score.ts; conflict and caps from the penalties below);
 *   5. decision: score >= DEFAULT_MATCH_THRESHOLD is a match, within NEAR_MISS_MARGIN under it a near miss;
 *      ranking and lone names (ranking.ts); query-by-example details (evidence.ts).
 */

// --- Token similarity: the weighted edit distance (similarity.ts) ----------------------------------------------------

export const VOWEL_SUBSTITUTION = 0.4; // one vowel for another: transliterations disagree most on vowels (Mohamed / Muhamad)
export const CLOSE_CONSONANT_SUBSTITUTION = 0.6; // close sounds (s/z, k/g, t/d, b/p, f/v, m/n; j for y: Jusuf / Yusuf)
export const VOWEL_INDEL = 0.6; // a vowel written or left out: spellings of one name differ in their short vowels
export const BREATH_INDEL = 0.5; // an h or v (w once folded) written or left out: a breath or glide (Mohd / Mohamad)
export const TRANSPOSITION = 0.8; // two adjacent letters swapped: a typo, a little under a wrong letter
export const DOUBLING = 0.3; // a letter written twice (Mohammed / Mohamed, Jalal / Jall) is hardly a difference in a name
export const FINAL_S = 0.5; // a final s after a consonant is often only a case ending (Latvian Lavrovs, Sergejs; Andrejs)
export const FINAL_S_MIN_LENGTH = 4; // ... in a word this long or longer: in a shorter one the s is too much of the word
export const EXACT_ONLY_LENGTH = 2; // words this short or shorter are alike only when equal: one letter is half of them
export const MAX_LENGTH_DIFFERENCE = 0.5; // words whose lengths differ by more than this share of the longer are not alike
export const SHORT_TOKEN = 3; // words this short or shorter may differ by one vowel at most (Ali / Ale)
export const SHORT_TOKEN_DISTANCE = 0.41; // ... one vowel substitution (0.4), with room for float rounding
export const SHORT_SKELETON_DISTANCE = 0.61; // three-consonant skeletons may differ by one close consonant (Hashim / Hisham)
export const LOOSE_LIKENESS = 0.8; // under this, a word starting with a vowel and one with a consonant, more than one
//                                    edit apart, are two names sharing consonants (Hamid / Ahmad), not one spelt two ways
export const DERIVED_STEM_MIN_LENGTH = 5; // a stem this long with two English endings of different kinds is two words (Construction / Constructors)
export const HARD_C_MIN_LENGTH = 4; // a hard c folds to k in words this long or longer: Co (a company) must not become Ko
export const GENDERED_ENDING_MIN_LENGTH = 4; // given names this long differing only in a final a/o are a woman's and a man's (Antonia / Antonio)

// --- Token similarity across spellings and scripts (vocabulary.ts, arabic.ts, query.ts, lexicon.ts) -----------------

export const SIMILARITY_FLOOR = 0.7; // token pairs below this are not alike at all
export const SKELETON_DISCOUNT = 0.9; // a match on consonant skeletons (Arabic script against Latin) lost the vowels: worth less
export const SYLLABLE_READING = 0.95; // a Hangul syllable or Han character spelt as one of its usual readings (박 / Park)
export const SAME_READING_OTHER_CHARACTER = 0; // two syllables read alike are different names in their own script (정 / 종)
/** A long vowel written in Arabic script that a Latin spelling with the same consonants lacks: what the pair keeps. */
export const MISSING_LONG_VOWEL: Readonly<Record<string, number>> = {
  a: 0.85, // an alif is often only the seat of a hamza: a weaker sign than ya or waw
  i: 0.75, // a ya: حسین is Hussein or Husayn, not Hassan
  u: 0.75, // a waw: a sure sign of a long u or o
  y: 0.85, // an alif maksura: a final a in Arabic, a final i in Egypt and Persian
};
export const ONSET_VOWEL_DROPPED = 0.9; // an opening alif the Latin leaves out before a consonant (إبراهيم Brahim): North African spelling
export const ONSET_LOST = 0.75; // an opening ayn or long vowel the Latin has no vowel for (عنون / Nun): another word sharing consonants
export const FEMININE_ENDING_MISSING = 0.75; // a final ta marbuta or heh (حسنة Hasna) the Latin ends without (Hasan): another name
export const SIBILANT_MISMATCH = 0.75; // a Latin sh or ch where the Arabic writes only sin or sad (سعيد / Cheade): another consonant
export const ONSET_ADDED = 0.8; // a Latin opening vowel where the Arabic opens with a consonant (مان / Aman), the article aside
export const NISBA_WITHOUT_YA = 0.75; // a Latin -i ending (Mohammadi) where the Arabic writes no final ya (محمد)
export const GIVEN_NAME_FORM = 0.85; // a given name against another form of it (Ted / Theodore): a variant, under MONONYM_TYPO
export const COMPOUND_FLOOR = 0.919; // words joined or split must be this close (0.92 less float rounding: abdal / abdul is in)
export const COMPOUND_LENGTH_SLACK = 2; // a joined spelling differs from the single word by at most this many letters
export const COMPOUND_SKELETON_SLACK = 1; // ... and a joined skeleton by at most this many consonants
export const MIN_JOINABLE_SKELETON = 2; // an Arabic-script word of fewer consonants says too little to join (علي خامنئي: not Loqman)
export const SHORT_JOIN_PIECE = 3; // a Latin piece this short or shorter between two joins them (Plat Ono Vich: Platonovich)
export const MISSPELT_LEGAL_WORD = 0.8; // a written-out legal form this close is that form misspelt (Limted, Corpoartion)
export const LONG_LEGAL_WORD = 7; // only written-out legal forms this long are looked for misspelt: shorter ones must be exact
export const MISSPELT_LEGAL_MIN_LENGTH = 6; // a shorter word is never taken for a misspelt legal form
export const PHRASE_WORD_FUZZY_LENGTH = 5; // words of a multi-word legal form this long may be misspelt (Joint Sotck Company)
export const LEGAL_LENGTH_SLACK = 2; // a misspelt legal word is at most this many letters longer or shorter than the form

// --- Token weights (query.ts, lexicon.ts, sanctions-index.ts) ---------------------------------------------------------

/** What a token's rarity (IDF) is multiplied by, per class: the words that name someone weigh, the others little. */
export const CLASS_WEIGHTS = {
  name: 1, // a name word
  particle: 0.25, // articles and connectors (al-, bin, de, van): shared by very many names
  honorific: 0.1, // titles (Mr, Dr, Sheikh, General): often added or left out
  legalForm: 0.2, // LLC, Ltd, GmbH: tell a company from another a little, never on their own
  qualifier: 0.5, // words in parentheses (Deutsche Bank (Schweiz) AG): a country or a branch, half a word
} as const;
export const INITIAL_WEIGHT = 0.5; // an initial says less than the word it stands for, however rare the letter is as a word
export const PATRONYMIC_WEIGHT = 0.5; // an East Slavic patronymic (Viktorovich), often left out, tells less than a given name
export const ANCESTOR_WEIGHT = 0.25; // a father's or grandfather's name in a searched bin/ben chain, and its particle: listings often omit the chain
export const PATRONYMIC_MIN_LENGTH = 8; // a patronymic is a father's name and its ending: a shorter word so ending is not one
export const KNOWN_NAME_DF = 2; // a given name this many listed names carry is a name of its own, not a typo of a near one (Marco / Mario)
export const SAME_NAME = 0.85; // spellings this close count as one name for its rarity (Muhammad, Mohamed, Mohammed)

// --- Name scoring: how much of each side is found (score.ts, initials.ts) -------------------------------------------

export const NAME_COVERAGE_FLOOR = 0.7; // a person's listed words the query leaves out (middle names) cost at most 30%
export const QUERY_COVERAGE_FLOOR = 0.6; // from the name's side, a query's extra words (an extra middle name) cost at most 40%
export const SYLLABIC_COVERAGE_FLOOR = 0.4; // a Chinese or Korean name is short: a listed syllable left out is another name
export const COMPANY_COVERAGE_FLOOR = 0.6; // Banco Santander is not Banco Santander México: a company's words left out weigh more
export const COMPANY_QUERY_COVERAGE_FLOOR = 0.35; // Deutsche Bank Trust Company is not Deutsche Bank: extra query words weigh more
export const NAME_SIDE_MIN_WORDS = 2; // a name is scored from its side too only when this many of its name words are found
export const INITIAL_SIMILARITY = 0.85; // an initial against the word it may stand for (V. / Vladimir, JC / Jean-Claude)
export const LISTED_INITIAL_SIMILARITY = 0.7; // a listed initial against a searched given name: the listing may mean anyone
export const MAX_INITIALS = 4; // initials written together stand for at most this many words (U.S., J.-C., PLA)
export const SERIES_NUMBER = 0.7; // another number in a company's name (Fund VII / Fund VIII): one of a series, a weak variant

// --- Caps and penalties: alignments that look closer than they are (score.ts, loose-evidence.ts, patronymics.ts,
//     company-names.ts) ----------------------------------------------------------------------------------------------

export const SUBSTITUTION_PENALTY = 0.5; // a word in another's place (Habib ben Mohamed / ben Ahmed) takes off this x its share
export const OTHER_OF_A_GROUP = 0.75; // cap: another national company of a group (Veltra Bank (Chile) / (Peru)), or AG / GmbH
export const COUNTRY_WORD_MIN_LENGTH = 4; // shorter words would be read as country codes in a company's name (Co, AG, SA)
export const CROSS_SCRIPT_JOIN = 0.75; // cap: a join or split across scripts is a guess, worth a loose spelling at most
export const FUZZY_WORD = 0.85; // under this a Latin word is found only a letter or more off (Nychaela / Michaela)
export const FUZZY_WORDS = 2; // ... and this many such words at once are often another person, not typos
export const TWO_FUZZY_WORDS = 0.85; // ... each of which then keeps this share of its similarity
export const SPELT_WITH_WORD_LEFT = 0.9; // a Latin word found under this (a letter off) while a listed name word is left out...
export const MISSPELT_WITH_WORD_LEFT = 0.85; // ... keeps this share: a typo and a name left out at once are often another person
export const FAMILY_OUT_OF_PLACE = 0.5; // a family name after آل met by a listed given name without the article (Husayn Ali)
export const ARTICLE_JOINED_MIN_LENGTH = 5; // a listed al-/el- word this long has the article joined (Alali), a family name
export const PATRONYMIC_CONFLICT = 0.4; // a person's own name aligned with the other's father's (Salman bin Muhammad / reversed)
export const ANOTHER_ANCESTOR = 0.85; // another father or grandfather at the same place of a bin/ben chain: two people

// --- Decision thresholds (sanctions-index.ts, compare.ts, ranking.ts) -------------------------------------------------

export const DEFAULT_MATCH_THRESHOLD = 0.8; // a name scoring this or more is a Match
export const NEAR_MISS_MARGIN = 0.1; // within this under the threshold: a near miss, shown for review, never a Match
export const MIN_SCORE_SHARE = 0.6; // results under this share of the threshold are not worth showing
export const MONONYM_TYPO = 0.9; // a lone name this close to a one-name listing is a typo of it (one letter in eight or more): a Match

// --- Ranking (ranking.ts) --------------------------------------------------------------------------------------------

export const DEFAULT_LIMIT = 10; // results a search returns unless it asks for another number
export const TIE_MARGIN = 0.03; // names this close in score are a tie, ranked by how well the search fits each name (ranking.ts)
export const TIE_POOL = 3; // names tied with the last one shown, up to this many times the limit, compete for its place
export const LONE_NAME_POOL = 3; // for a lone name, this many times the limit is ranked again, family names first...
export const LONE_NAME_MIN_POOL = 30; // ... and never fewer than this

// --- Candidate finding budgets (vocabulary.ts, query.ts, candidates.ts, cjk.ts, hebrew.ts, index-builder.ts) --------

export const KEY_DELETION_LENGTH = 3; // keys this long are indexed with their one-letter deletions; a shorter key's are too common
export const SKELETON_DELETION_LENGTH = 3; // skeletons likewise: one or two consonants' deletions would meet much of the vocabulary
export const TWO_EDIT_LENGTH = 6; // words this long are also looked up two edits away (Selenskyj / Zelenskyy)
export const CLOSE_ENOUGH = 0.9; // ... unless a spelling this close is found one edit away (most words have one); likewise below
export const LONG_TYPO_LENGTH = 8; // words this long are also found one edit away as written, before folding (Alxander / Alexander)
export const TYPO_LOOKUP_LENGTH = 4; // words this long are also looked up with a typo undone (Hpeap for Pheap)
export const SPLIT_LENGTH = 6; // a word the lists do not know, this long, is cut into known words (VladimirPutin)
export const INNER_SPLIT_LENGTH = 5; // a part with a key this long may itself be cut in two (vanderbilt: van, derbilt: der, bilt)
export const SPLIT_PART_MIN_LENGTH = 2; // no part of a cut word is shorter
export const SPLIT_PART_FUZZY_LENGTH = 5; // a part this long may be found misspelt; a shorter one must be a known word
export const KNOWN_WORD = 0.9; // a word with a vocabulary token this close is taken as written, never cut
export const SPLIT_PART_FLOOR = 0.85; // a part of a cut word must be found this close (a letter off in a long part)
export const MAX_HANGUL_READINGS = 24; // Latin spellings generated per Hangul syllable
export const MAX_HEBREW_SKELETONS = 8; // skeletons per Hebrew word (letters read two ways multiply them)
export const MAX_FOREIGN_HAN_SKELETONS = 32; // skeletons per foreign name written in Han characters (贝拉克 Barack)
export const MAX_SLASH_PARTS = 8; // a name of more slash-separated parts is not a list of alternatives (Al-Qa'ida/Islamic Army)
export const CANDIDATES = 200; // names scored in full per query; the rest are dropped after the cheap accumulation
export const TIED_CANDIDATES_FACTOR = 2; // names tied at the cut are all scored up to this many times CANDIDATES
export const COMMON_POSTINGS = 4 * CANDIDATES; // a query word on more names is common: walked only when it can still matter
export const AVERAGE_NAME_WORDS = 4; // about how many words a listed name has: probing a found name costs this many lookups
export const ROUNDING_ROOM = 1.001; // float32 sums may round above the exact sum of their bounds: bounds get this room
export const CHOICE_BINS = 1024; // histogram bins of accumulated values that choose the names scored
export const FLOOR_BINS = 256; // coarser bins that place the CANDIDATES-th value while names are being found

// --- Query by example: details beside the name (evidence.ts, identifier-index.ts) -----------------------------------

export const BIRTH_DATE_BONUS = 0.05; // the same birth day: added to the name's score, may lift a near miss to a match
export const BIRTH_YEAR_BONUS = 0.03; // the birth year agrees (or a listed range or circa holds it)
export const NATIONALITY_BONUS = 0.02; // a nationality agrees: added, but never lifts a near miss (many share one)
export const BIRTH_DATE_CONFLICT_MARGIN = 0.05; // a clearly different birth date caps the score this far under the threshold
export const MAX_EVIDENCE_BONUS = BIRTH_DATE_BONUS + NATIONALITY_BONUS; // the most the details can add to a name's score
export const CONFLICT_YEARS = 2; // dates this many years apart clearly differ; closer ones may be a rough or an alternative date
export const CIRCA_YEARS = 2; // how far "circa 1960" reaches either way
export const MIN_DOCUMENT_LENGTH = 5; // shorter document numbers are too common to decide anything
export const MIN_WALLET_LENGTH = 20; // shorter wallet addresses are malformed or truncated

// --- Explanation bands: how a met word is described (explain.ts) ----------------------------------------------------

export const SPELLING_BAND = 0.9; // this close, a word is another spelling, whatever its sound (Hannibol / Hannibal)
export const LOOSE_SPELLING_BAND = 0.8; // this close with another skeleton: still a spelling; under it, phonetic
