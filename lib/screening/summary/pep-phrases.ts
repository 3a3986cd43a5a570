/**
 * PEP details in words, in the four report languages: the risk reason a PEP listing gives ("current national PEP
 * (Member of the Senate, IT, since 2018)", "spouse of a PEP (Marco Rossi)") and a position or a related PEP as the
 * result page, the reports and the hit explanations show them. Pure: the web bundle includes this file.
 */
import type { PepPosition, RelatedPep } from "../../sanctions/pep.ts";
import type { FactParams } from "../results.ts";

type Language = "en" | "de" | "es" | "fr";

interface PepWords {
  status: Record<"current" | "recent" | "former" | "unknown", string>;
  level: Record<"national" | "subnational" | "international", string>;
  foreign: string;
  pep: string;
  /** "{relationship} of a PEP" with the relationship already in words. */
  relativeOf: (relationship: string) => string;
  since: string;
  until: string;
  inOffice: string;
  ended: string;
  /** Relationships as OpenSanctions publishes them, in words (others are shown as published). */
  relationships: Record<string, string>;
  role: Record<"pep" | "rca", string>;
}

const WORDS: Record<Language, PepWords> = {
  en: {
    status: { current: "current", recent: "former (left within 12 months)", former: "former", unknown: "" },
    level: { national: "national", subnational: "subnational", international: "international-organisation" },
    foreign: "foreign",
    pep: "PEP",
    relativeOf: (r) => `${r} of a PEP`,
    since: "since",
    until: "until",
    inOffice: "in office",
    ended: "ended",
    relationships: {},
    role: { pep: "Politically exposed person", rca: "Relative or close associate of a PEP" },
  },
  de: {
    status: { current: "amtierende", recent: "ehemalige (vor weniger als 12 Monaten ausgeschieden)", former: "ehemalige", unknown: "" },
    level: { national: "nationale", subnational: "regionale", international: "internationale" },
    foreign: "ausländische",
    pep: "PEP",
    relativeOf: (r) => `${r} einer PEP`,
    since: "seit",
    until: "bis",
    inOffice: "im Amt",
    ended: "beendet",
    relationships: {
      spouse: "Ehepartner",
      wife: "Ehefrau",
      husband: "Ehemann",
      child: "Kind",
      son: "Sohn",
      daughter: "Tochter",
      parent: "Elternteil",
      father: "Vater",
      mother: "Mutter",
      sibling: "Geschwister",
      brother: "Bruder",
      sister: "Schwester",
      family: "Familienangehörige",
      associate: "Nahestehende Person",
      "business associate": "Geschäftspartner",
      "business partner": "Geschäftspartner",
    },
    role: { pep: "Politisch exponierte Person", rca: "Angehörige oder nahestehende Person einer PEP" },
  },
  es: {
    status: { current: "en ejercicio", recent: "antigua (cesó hace menos de 12 meses)", former: "antigua", unknown: "" },
    level: { national: "nacional", subnational: "subnacional", international: "de organización internacional" },
    foreign: "extranjera",
    pep: "PEP",
    relativeOf: (r) => `${r} de una PEP`,
    since: "desde",
    until: "hasta",
    inOffice: "en el cargo",
    ended: "terminado",
    relationships: {
      spouse: "Cónyuge",
      wife: "Esposa",
      husband: "Esposo",
      child: "Hijo/a",
      son: "Hijo",
      daughter: "Hija",
      parent: "Progenitor",
      father: "Padre",
      mother: "Madre",
      sibling: "Hermano/a",
      brother: "Hermano",
      sister: "Hermana",
      family: "Familiar",
      associate: "Allegado",
      "business associate": "Socio comercial",
      "business partner": "Socio comercial",
    },
    role: { pep: "Persona del medio político (PEP)", rca: "Familiar o allegado de una PEP" },
  },
  fr: {
    status: { current: "en fonction", recent: "ancienne (partie il y a moins de 12 mois)", former: "ancienne", unknown: "" },
    level: { national: "nationale", subnational: "infranationale", international: "d’organisation internationale" },
    foreign: "étrangère",
    pep: "PPE",
    relativeOf: (r) => `${r} d’une PPE`,
    since: "depuis",
    until: "jusqu’à",
    inOffice: "en fonction",
    ended: "terminé",
    relationships: {
      spouse: "Conjoint",
      wife: "Épouse",
      husband: "Époux",
      child: "Enfant",
      son: "Fils",
      daughter: "Fille",
      parent: "Parent",
      father: "Père",
      mother: "Mère",
      sibling: "Frère ou sœur",
      brother: "Frère",
      sister: "Sœur",
      family: "Membre de la famille",
      associate: "Proche associé",
      "business associate": "Associé en affaires",
      "business partner": "Associé en affaires",
    },
    role: { pep: "Personne politiquement exposée (PPE)", rca: "Membre de la famille ou proche associé d’une PPE" },
  },
};

const words = (language: string): PepWords => WORDS[(language in WORDS ? language : "en") as Language];

/** A relationship as published, in the language's words when it is a common one. */
export function relationshipWord(language: string, relationship: string): string {
  const w = words(language);
  return w.relationships[relationship.trim().toLowerCase()] ?? relationship;
}

/** "Politically exposed person" / "Relative or close associate of a PEP". */
export const pepRoleLabel = (language: string, role: "pep" | "rca") => words(language).role[role];

/** "Member of the Senate, IT, national, since 2018, in office". */
export function describePosition(language: string, position: PepPosition): string {
  const w = words(language);
  const parts = [position.title];
  if (position.country) parts.push(position.country.toUpperCase());
  if (position.level) parts.push(w.level[position.level]);
  if (position.startDate) parts.push(`${w.since} ${position.startDate}`);
  if (position.endDate) parts.push(`${w.until} ${position.endDate}`);
  if (position.current === true) parts.push(w.inOffice);
  else if (position.current === false && !position.endDate) parts.push(w.ended);
  return parts.join(", ");
}

/** "spouse: Marco Rossi": the relationship in words and the PEP's name. */
export const describeRelatedPep = (language: string, related: RelatedPep) => `${relationshipWord(language, related.relationship)}: ${related.name}`;

/**
 * What a PEP risk reason's facts say (lib/screening/pep-risk.ts): "current national PEP (Member of the Senate, IT,
 * since 2018)", "spouse of a PEP (Marco Rossi)"; null when the reason has no such facts (a listing from a list that
 * says nothing of posts, and reasons stored before they existed).
 */
export function describePepReason(language: string, p: FactParams): string | null {
  const w = words(language);
  if (p.role === "rca") {
    const relationship = p.relationship ? relationshipWord(language, String(p.relationship)) : w.role.rca;
    const text = p.relationship ? w.relativeOf(relationship) : relationship;
    return p.relatedName ? `${text} (${p.relatedName})` : text;
  }
  if (!p.position) return null;
  const status = w.status[(String(p.status ?? "unknown") as keyof PepWords["status"]) in w.status ? (String(p.status) as keyof PepWords["status"]) : "unknown"];
  const level = p.level && String(p.level) in w.level ? w.level[String(p.level) as keyof PepWords["level"]] : "";
  // English and German put the adjectives before the noun, Spanish and French after it (PEP nacional en ejercicio).
  const phrase =
    language === "es" || language === "fr" ? [w.pep, level, p.foreign ? w.foreign : "", status] : [status, p.foreign ? w.foreign : "", level, w.pep];
  const detail = [
    String(p.position),
    p.country ? String(p.country).toUpperCase() : "",
    p.since ? `${w.since} ${p.since}` : "",
    p.until ? `${w.until} ${p.until}` : "",
  ]
    .filter(Boolean)
    .join(", ");
  const text = `${phrase.filter(Boolean).join(" ")} (${detail})`;
  return language === "de" ? text.replace(/^./, (c) => c.toUpperCase()) : text;
}
