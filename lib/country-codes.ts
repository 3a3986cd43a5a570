/**
 * The countries a person may pick: the current ISO 3166-1 alpha-2 codes, one per country, and the withdrawn codes
 * the lists still write (YU, CS, DD, SU, UK, VD, …) read as the current country that took their place. A picker
 * built from every region Intl can name offered Serbia three times, Germany twice and "Pseudo-Accents": Intl also
 * names withdrawn codes, CLDR's pseudo-locales (XA, XB) and groupings (EU, UN). Only the Intl API is used: the web
 * bundle includes this file.
 */

/** The officially assigned ISO 3166-1 alpha-2 codes (249), plus XK (Kosovo: see docs/decisions/query-by-example.md). */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT
MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG
UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

const CURRENT = new Set(COUNTRY_CODES);

/**
 * Withdrawn or reserved codes the lists and older records still carry, and the current country each is read as: the
 * successor CLDR itself names them after (Intl calls YU and CS "Serbia", DD "Germany"). CS was Czechoslovakia until
 * 1993 and Serbia and Montenegro from 2003 to 2006; the sanctions lists used it in the second sense, and Serbia
 * continues both that state and Yugoslavia (YU), so both read as RS. AN (Netherlands Antilles) reads as Curaçao, as
 * CLDR names it.
 */
export const FORMER_COUNTRY_CODES: Readonly<Record<string, string>> = {
  YU: "RS",
  CS: "RS",
  DD: "DE",
  SU: "RU",
  UK: "GB",
  VD: "VN",
  YD: "YE",
  ZR: "CD",
  TP: "TL",
  BU: "MM",
  RH: "ZW",
  HV: "BF",
  DY: "BJ",
  NH: "VU",
  FX: "FR",
  AN: "CW",
};

/** The current code of a two-letter code as written ("yu" → "RS", "de" → "DE"); null when it names no country. */
export function currentCountryCode(code: string): string | null {
  const upper = code.trim().toUpperCase();
  if (CURRENT.has(upper)) return upper;
  return FORMER_COUNTRY_CODES[upper] ?? null;
}

/** The countries to pick from, named in the reader's language and sorted by that name. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}
