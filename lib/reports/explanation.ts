/**
 * Why a listing matched, in words: which parts of the searched name met which parts of the listed name and how
 * (a hit's `explanation`), and what the search's details said of it (its `evidence`). Shared by the search exports,
 * the batch exports and the CLI, in the report languages.
 */
import type { IdentifierKind } from "../sanctions/entity.ts";
import type { NamePartMatch } from "../sanctions/matcher/types.ts";
import { formatPercent } from "../screening/display-format.ts";
import type { MatchEvidence, NamePartView } from "../screening/results.ts";
import type { ReportLanguage } from "../screening/summary/phrasebook.ts";

export interface ExplanationLabels {
  /** The heading of the explanation ("Why it matched"). */
  title: string;
  /** The heading of the evidence ("Details compared"). */
  evidenceTitle: string;
  /** The search's identifiers (query by example), in the report's header. */
  identifiers: string;
  how: Record<NamePartMatch, string>;
  identifierKinds: Record<IdentifierKind, string>;
  identifierMatches: (kind: string, value: string) => string;
  nameMatchesBirthDateDiffers: string;
  birthDate: Record<"agrees" | "differs", string>;
  nationality: Record<"agrees" | "differs", string>;
}

const en: ExplanationLabels = {
  title: "Why it matched",
  evidenceTitle: "Details compared",
  identifiers: "Identifiers",
  how: {
    exact: "exact",
    spelling: "spelling variant",
    phonetic: "sounds alike",
    nickname: "short form of the name",
    transliteration: "transliteration",
    initial: "initial",
    joined: "written as one word",
    split: "written as several words",
    missing: "not in the listing",
    extra: "not in the search",
  },
  identifierKinds: {
    passport: "passport",
    national_id: "national ID",
    tax_id: "tax ID",
    imo: "IMO number",
    lei: "LEI",
    crypto_wallet: "crypto wallet address",
  },
  identifierMatches: (kind, value) => `identifier matches: ${kind} ${value}`,
  nameMatchesBirthDateDiffers: "name matches, birth date differs",
  birthDate: { agrees: "birth date agrees", differs: "birth date differs" },
  nationality: { agrees: "nationality agrees", differs: "nationality differs" },
};

const de: ExplanationLabels = {
  title: "Warum es übereinstimmt",
  evidenceTitle: "Verglichene Angaben",
  identifiers: "Kennungen",
  how: {
    exact: "exakt",
    spelling: "Schreibvariante",
    phonetic: "klingt gleich",
    nickname: "Kurzform des Namens",
    transliteration: "Transliteration",
    initial: "Initiale",
    joined: "zusammengeschrieben",
    split: "getrennt geschrieben",
    missing: "nicht im Eintrag",
    extra: "nicht in der Suche",
  },
  identifierKinds: {
    passport: "Reisepass",
    national_id: "Ausweisnummer",
    tax_id: "Steuernummer",
    imo: "IMO-Nummer",
    lei: "LEI",
    crypto_wallet: "Krypto-Wallet-Adresse",
  },
  identifierMatches: (kind, value) => `Kennung stimmt überein: ${kind} ${value}`,
  nameMatchesBirthDateDiffers: "Name stimmt überein, Geburtsdatum weicht ab",
  birthDate: { agrees: "Geburtsdatum stimmt überein", differs: "Geburtsdatum weicht ab" },
  nationality: { agrees: "Staatsangehörigkeit stimmt überein", differs: "Staatsangehörigkeit weicht ab" },
};

const es: ExplanationLabels = {
  title: "Por qué coincide",
  evidenceTitle: "Datos comparados",
  identifiers: "Identificadores",
  how: {
    exact: "exacta",
    spelling: "variante ortográfica",
    phonetic: "suena igual",
    nickname: "forma corta del nombre",
    transliteration: "transliteración",
    initial: "inicial",
    joined: "escrito en una palabra",
    split: "escrito en varias palabras",
    missing: "no figura en la lista",
    extra: "no figura en la búsqueda",
  },
  identifierKinds: {
    passport: "pasaporte",
    national_id: "documento nacional de identidad",
    tax_id: "número de identificación fiscal",
    imo: "número IMO",
    lei: "LEI",
    crypto_wallet: "dirección de monedero de criptomonedas",
  },
  identifierMatches: (kind, value) => `el identificador coincide: ${kind} ${value}`,
  nameMatchesBirthDateDiffers: "el nombre coincide, la fecha de nacimiento difiere",
  birthDate: { agrees: "la fecha de nacimiento coincide", differs: "la fecha de nacimiento difiere" },
  nationality: { agrees: "la nacionalidad coincide", differs: "la nacionalidad difiere" },
};

const fr: ExplanationLabels = {
  title: "Pourquoi cela correspond",
  evidenceTitle: "Données comparées",
  identifiers: "Identifiants",
  how: {
    exact: "identique",
    spelling: "variante orthographique",
    phonetic: "se prononce pareil",
    nickname: "forme courte du prénom",
    transliteration: "translittération",
    initial: "initiale",
    joined: "écrit en un seul mot",
    split: "écrit en plusieurs mots",
    missing: "absent de l’inscription",
    extra: "absent de la recherche",
  },
  identifierKinds: {
    passport: "passeport",
    national_id: "numéro d’identité national",
    tax_id: "numéro fiscal",
    imo: "numéro OMI",
    lei: "LEI",
    crypto_wallet: "adresse de portefeuille crypto",
  },
  identifierMatches: (kind, value) => `identifiant identique : ${kind} ${value}`,
  nameMatchesBirthDateDiffers: "le nom correspond, la date de naissance diffère",
  birthDate: { agrees: "la date de naissance concorde", differs: "la date de naissance diffère" },
  nationality: { agrees: "la nationalité concorde", differs: "la nationalité diffère" },
};

const LABELS: Record<ReportLanguage, ExplanationLabels> = { en, de, es, fr };

export function explanationLabels(language: ReportLanguage): ExplanationLabels {
  return LABELS[language];
}

/** French sets a space before a colon. */
const colon = (language: ReportLanguage) => (language === "fr" ? " : " : ": ");

/** "Holdings → Holding: spelling variant (88%)", "Selenskyj: not in the listing", "Vladimirovich: not in the search". */
export function describeNamePart(part: NamePartView, language: ReportLanguage): string {
  const how = LABELS[language].how[part.how];
  const c = colon(language);
  if (part.how === "missing") return `${part.query ?? ""}${c}${how}`;
  if (part.how === "extra") return `${part.listed ?? ""}${c}${how}`;
  const pair = part.query === part.listed ? part.query : `${part.query} → ${part.listed}`;
  return part.how === "exact" || part.similarity >= 1 ? `${pair}${c}${how}` : `${pair}${c}${how} (${formatPercent(part.similarity, language)})`;
}

/** The whole explanation on one line, parts separated by "; " (empty when there is none). */
export function describeExplanation(parts: readonly NamePartView[] | undefined, language: ReportLanguage): string {
  return (parts ?? []).map((part) => describeNamePart(part, language)).join("; ");
}

/** The search's identifiers: "passport C1234567, LEI 5493001KJTIIGC8Y1R12". */
export function describeIdentifiers(identifiers: readonly { kind: IdentifierKind; value: string }[] | undefined, language: ReportLanguage): string {
  return (identifiers ?? []).map((id) => `${LABELS[language].identifierKinds[id.kind]} ${id.value}`).join(", ");
}

/** The evidence labels, decisive first: "identifier matches: passport C1234567", "name matches, birth date differs", ... */
export function describeEvidence(evidence: MatchEvidence | undefined, language: ReportLanguage): string[] {
  if (!evidence) return [];
  const l = LABELS[language];
  const said: string[] = [];
  if (evidence.identifier) said.push(l.identifierMatches(l.identifierKinds[evidence.identifier.kind], evidence.identifier.value));
  if (evidence.nameMatchesBirthDateDiffers) said.push(l.nameMatchesBirthDateDiffers);
  else if (evidence.birthDate) said.push(l.birthDate[evidence.birthDate]);
  if (evidence.nationality) said.push(l.nationality[evidence.nationality]);
  return said;
}
