/**
 * GDELT's names for search filters. sourcecountry takes FIPS 10-4 codes, not ISO 3166 ones (GDELT's
 * LOOKUP-COUNTRIES.TXT): ISO "AU" is Australia but FIPS "AU" is Austria, ISO "DE" is FIPS "GM", ISO "CH" is "SZ".
 * sourcelang takes the English name of the language (sourcelang:german); articles carry the same names.
 */

/** ISO 3166-1 alpha-2 -> FIPS 10-4. Territories GDELT merges (Curaçao, Sint Maarten) use its code for them. */
const ISO_TO_FIPS: Record<string, string> = {
  AD: "AN", AE: "AE", AF: "AF", AG: "AC", AI: "AV", AL: "AL", AM: "AM", AO: "AO", AQ: "AY", AR: "AR", AS: "AQ",
  AT: "AU", AU: "AS", AW: "AA", AZ: "AJ", BA: "BK", BB: "BB", BD: "BG", BE: "BE", BF: "UV", BG: "BU", BH: "BA",
  BI: "BY", BJ: "BN", BL: "TB", BM: "BD", BN: "BX", BO: "BL", BQ: "NT", BR: "BR", BS: "BF", BT: "BT", BV: "BV",
  BW: "BC", BY: "BO", BZ: "BH", CA: "CA", CC: "CK", CD: "CG", CF: "CT", CG: "CF", CH: "SZ", CI: "IV", CK: "CW",
  CL: "CI", CM: "CM", CN: "CH", CO: "CO", CR: "CS", CU: "CU", CV: "CV", CW: "NT", CX: "KT", CY: "CY", CZ: "EZ",
  DE: "GM", DJ: "DJ", DK: "DA", DM: "DO", DO: "DR", DZ: "AG", EC: "EC", EE: "EN", EG: "EG", EH: "WI", ER: "ER",
  ES: "SP", ET: "ET", FI: "FI", FJ: "FJ", FK: "FK", FM: "FM", FO: "FO", FR: "FR", GA: "GB", GB: "UK", GD: "GJ",
  GE: "GG", GF: "FG", GG: "GK", GH: "GH", GI: "GI", GL: "GL", GM: "GA", GN: "GV", GP: "GP", GQ: "EK", GR: "GR",
  GS: "SX", GT: "GT", GU: "GQ", GW: "PU", GY: "GY", HK: "HK", HM: "HM", HN: "HO", HR: "HR", HT: "HA", HU: "HU",
  ID: "ID", IE: "EI", IL: "IS", IM: "IM", IN: "IN", IO: "IO", IQ: "IZ", IR: "IR", IS: "IC", IT: "IT", JE: "JE",
  JM: "JM", JO: "JO", JP: "JA", KE: "KE", KG: "KG", KH: "CB", KI: "KR", KM: "CN", KN: "SC", KP: "KN", KR: "KS",
  KW: "KU", KY: "CJ", KZ: "KZ", LA: "LA", LB: "LE", LC: "ST", LI: "LS", LK: "CE", LR: "LI", LS: "LT", LT: "LH",
  LU: "LU", LV: "LG", LY: "LY", MA: "MO", MC: "MN", MD: "MD", ME: "MJ", MF: "RN", MG: "MA", MH: "RM", MK: "MK",
  ML: "ML", MM: "BM", MN: "MG", MO: "MC", MP: "CQ", MQ: "MB", MR: "MR", MS: "MH", MT: "MT", MU: "MP", MV: "MV",
  MW: "MI", MX: "MX", MY: "MY", MZ: "MZ", NA: "WA", NC: "NC", NE: "NG", NF: "NF", NG: "NI", NI: "NU", NL: "NL",
  NO: "NO", NP: "NP", NR: "NR", NU: "NE", NZ: "NZ", OM: "MU", PA: "PM", PE: "PE", PF: "FP", PG: "PP", PH: "RP",
  PK: "PK", PL: "PL", PM: "SB", PN: "PC", PR: "RQ", PS: "WE", PT: "PO", PW: "PS", PY: "PA", QA: "QA", RE: "RE",
  RO: "RO", RS: "RI", RU: "RS", RW: "RW", SA: "SA", SB: "BP", SC: "SE", SD: "SU", SE: "SW", SG: "SN", SH: "SH",
  SI: "SI", SJ: "SV", SK: "LO", SL: "SL", SM: "SM", SN: "SG", SO: "SO", SR: "NS", SS: "OD", ST: "TP", SV: "ES",
  SX: "NT", SY: "SY", SZ: "WZ", TC: "TK", TD: "CD", TF: "FS", TG: "TO", TH: "TH", TJ: "TI", TK: "TL", TL: "TT",
  TM: "TX", TN: "TS", TO: "TN", TR: "TU", TT: "TD", TV: "TV", TW: "TW", TZ: "TZ", UA: "UP", UG: "UG", US: "US",
  UY: "UY", UZ: "UZ", VA: "VT", VC: "VC", VE: "VE", VG: "VI", VI: "VQ", VN: "VM", VU: "NH", WF: "WF", WS: "WS",
  XK: "KV", YE: "YM", YT: "MF", ZA: "SF", ZM: "ZA", ZW: "ZI",
};

/** The FIPS code GDELT's sourcecountry filter expects, or null for a code it does not know. */
export function gdeltCountry(iso: string): string | null {
  return ISO_TO_FIPS[iso.trim().toUpperCase()] ?? null;
}

/** GDELT names a few languages differently from CLDR. */
const GDELT_LANGUAGE_NAMES: Record<string, string> = { si: "sinhalese", nn: "norwegiannynorsk", fa: "persian", ms: "malay" };
const englishLanguageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** sourcelang value for an ISO 639-1 code: "de" -> "german"; null when the code is not a language. */
export function gdeltLanguage(iso: string): string | null {
  const code = iso.trim().toLowerCase();
  if (!/^[a-z]{2,3}$/.test(code)) return null;
  const name = GDELT_LANGUAGE_NAMES[code] ?? englishLanguageNames.of(code);
  return name ? name.toLowerCase().replace(/[^a-z]/g, "") : null;
}

/** ISO 639-1 code for the language name on a GDELT article ("German" -> "de"); the lower-cased name otherwise. */
const ISO_CANDIDATES = [
  "af", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "es", "et", "eu", "fa", "fi",
  "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "kn", "ko", "lt", "lv",
  "mk", "ml", "mn", "mr", "ms", "ne", "nl", "nn", "no", "pa", "pl", "pt", "ro", "ru", "si", "sk", "sl", "so", "sq",
  "sr", "sv", "sw", "ta", "te", "th", "bo", "tr", "uk", "ur", "vi", "zh",
];
const LANGUAGE_BY_GDELT_NAME = new Map(ISO_CANDIDATES.map((code) => [gdeltLanguage(code) ?? code, code]));

export function isoLanguageOf(gdeltName: string): string {
  const key = gdeltName.toLowerCase().replace(/[^a-z]/g, "");
  return LANGUAGE_BY_GDELT_NAME.get(key) ?? key;
}
