/**
 * Countries as the lists write them ("RU", "Russia", "Russian Federation", "Iran (Islamic Republic of)", "Iranian")
 * read as one ISO 3166 alpha-2 code, so a searched nationality can be compared with a listed one. Shared by the
 * matcher (query by example) and the screening's mismatches and risk. A withdrawn code ("YU", "DD", "SU") reads as
 * the current country that took its place (lib/country-codes.ts), so old listings and stored searches still compare.
 */
import { currentCountryCode } from "./country-codes.ts";

const englishNames = new Intl.DisplayNames(["en"], { type: "region" });

/** How the lists write countries that Intl's English names do not cover (official UN names, older names, demonyms). */
const ALIASES: Record<string, string> = {
  "russian federation": "RU",
  russian: "RU",
  "soviet union": "RU",
  ussr: "RU",
  // Former states the older listings still name, read as the current country that continues them (lib/country-codes.ts).
  yugoslavia: "RS",
  "federal republic of yugoslavia": "RS",
  "serbia and montenegro": "RS",
  "german democratic republic": "DE",
  "east germany": "DE",
  "west germany": "DE",
  "democratic republic of vietnam": "VN",
  "north vietnam": "VN",
  "south vietnam": "VN",
  iranian: "IR",
  "islamic republic of iran": "IR",
  persia: "IR",
  "syrian arab republic": "SY",
  syrian: "SY",
  "democratic people s republic of korea": "KP",
  "korea democratic people s republic of": "KP",
  "korea north": "KP",
  dprk: "KP",
  "north korean": "KP",
  "republic of korea": "KR",
  "korea republic of": "KR",
  "korea south": "KR",
  korea: "KR",
  "south korean": "KR",
  "viet nam": "VN",
  "lao people s democratic republic": "LA",
  laos: "LA",
  "united republic of tanzania": "TZ",
  "libyan arab jamahiriya": "LY",
  libyan: "LY",
  "democratic republic of the congo": "CD",
  "congo democratic republic of the": "CD",
  "congo kinshasa": "CD",
  zaire: "CD",
  "republic of the congo": "CG",
  "congo brazzaville": "CG",
  congo: "CG",
  "united states of america": "US",
  usa: "US",
  "u s a": "US",
  american: "US",
  "united kingdom of great britain and northern ireland": "GB",
  uk: "GB",
  "great britain": "GB",
  british: "GB",
  england: "GB",
  turkey: "TR",
  turkiye: "TR",
  turkish: "TR",
  burma: "MM",
  burmese: "MM",
  "state of palestine": "PS",
  palestine: "PS",
  "palestinian territories": "PS",
  "palestinian territory": "PS",
  "west bank": "PS",
  gaza: "PS",
  palestinian: "PS",
  "czech republic": "CZ",
  "north macedonia": "MK",
  macedonia: "MK",
  "the former yugoslav republic of macedonia": "MK",
  swaziland: "SZ",
  "kyrgyz republic": "KG",
  "slovak republic": "SK",
  "gambia the": "GM",
  "bahamas the": "BS",
  "holy see": "VA",
  "cote d ivoire": "CI",
  "ivory coast": "CI",
  "cabo verde": "CV",
  "cape verde": "CV",
  "timor leste": "TL",
  "east timor": "TL",
  "bolivia plurinational state of": "BO",
  "venezuela bolivarian republic of": "VE",
  "moldova republic of": "MD",
  "micronesia federated states of": "FM",
  "hong kong sar": "HK",
  "macao sar": "MO",
  "china hong kong": "HK",
  "taiwan province of china": "TW",
  afghan: "AF",
  iraqi: "IQ",
  pakistani: "PK",
  lebanese: "LB",
  yemeni: "YE",
  saudi: "SA",
  "saudi arabian": "SA",
  chinese: "CN",
  cuban: "CU",
  venezuelan: "VE",
  colombian: "CO",
  mexican: "MX",
  ukrainian: "UA",
  belarusian: "BY",
  sudanese: "SD",
  somali: "SO",
  egyptian: "EG",
  jordanian: "JO",
  german: "DE",
  french: "FR",
  spanish: "ES",
  italian: "IT",
  nigerian: "NG",
  malian: "ML",
  emirati: "AE",
  kuwaiti: "KW",
  qatari: "QA",
  bahraini: "BH",
  omani: "OM",
  algerian: "DZ",
  tunisian: "TN",
  moroccan: "MA",
  eritrean: "ER",
  ethiopian: "ET",
  kenyan: "KE",
  ugandan: "UG",
  zimbabwean: "ZW",
  indonesian: "ID",
  filipino: "PH",
  indian: "IN",
  bangladeshi: "BD",
  nicaraguan: "NI",
};

/** Lower-case letters only, words separated by one space: "Côte d’Ivoire" → "cote d ivoire". */
function fold(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, " ")
    .trim();
}

let byName: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = englishNames.of(code);
      } catch {
        continue;
      }
      if (!name || name === code || /unknown|pseudo/i.test(name)) continue;
      // "Serbia" is Intl's name of YU, CS and RS: each name leads to the current code.
      const current = currentCountryCode(code) ?? code;
      byName.set(fold(name), current);
      // "Myanmar (Burma)", "Congo - Kinshasa": the part before the qualifier too, unless it is taken.
      const short = fold(name.replace(/\s*\(.*\)\s*$/, ""));
      if (short && !byName.has(short)) byName.set(short, current);
    }
  }
  for (const [alias, code] of Object.entries(ALIASES)) byName.set(alias, code);
  return byName;
}

/** The ISO 3166 alpha-2 code of a country as written ("ru", "Russia", "Iran (Islamic Republic of)"); null when unknown. */
export function countryCode(value: string): string | null {
  const v = value.trim();
  if (/^[a-z]{2}$/i.test(v)) {
    const current = currentCountryCode(v);
    if (current) return current;
    const code = v.toUpperCase();
    if (code === "XA" || code === "XB") return null;
    try {
      const name = englishNames.of(code);
      return name && name !== code ? code : null;
    } catch {
      return null;
    }
  }
  const table = names();
  const folded = fold(v);
  const known = table.get(folded);
  if (known) return known;
  // "Iran (Islamic Republic of)", "Korea, Democratic People's Republic of": without the qualifier, then inverted.
  const bare = fold(v.replace(/\s*\(.*\)\s*$/, ""));
  if (table.has(bare)) return table.get(bare)!;
  const comma = /^([^,]+),\s*(.+)$/.exec(v);
  if (comma) return table.get(fold(`${comma[2]} ${comma[1]}`)) ?? table.get(fold(comma[1])) ?? null;
  return null;
}

/** Keys already worked out: the lists write a few hundred distinct countries, read again on every search. */
const keys = new Map<string, string>();
const MAX_KEYS = 10_000;

/** Compares "RU", "ru", "Russia" and "Russian Federation" as the same country: the English name, lower-cased. */
export function countryKey(value: string): string {
  let key = keys.get(value);
  if (key === undefined) {
    key = computeKey(value);
    if (keys.size < MAX_KEYS) keys.set(value, key);
  }
  return key;
}

function computeKey(value: string): string {
  const code = countryCode(value);
  if (code) {
    try {
      return (englishNames.of(code) ?? code).toLowerCase();
    } catch {
      return code.toLowerCase();
    }
  }
  return value.trim().toLowerCase();
}

/** Whether two ways of writing a country name the same one. */
export function sameCountry(a: string, b: string): boolean {
  return countryKey(a) === countryKey(b);
}
