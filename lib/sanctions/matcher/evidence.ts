/**
 * Query by example: what a search's details (birth date, nationality, identifiers) say of a listed entity, and how
 * that changes the name's score.
 *
 * - An identifier the listing also publishes is decisive: the listing is a match with score 1, ranked first, whatever
 *   its name scored (the name's own score stays in `nameScore`, its parts in the explanation).
 * - A birth date that agrees adds BIRTH_DATE_BONUS (the same day) or BIRTH_YEAR_BONUS (the year, or a listed range
 *   or circa that holds it); a nationality that agrees adds NATIONALITY_BONUS. The sum is capped at 1. Only an agreeing
 *   birth date may lift a near miss over the threshold (at most by its bonus, so only a close one); a nationality alone
 *   never does (many people share one). A nationality that differs changes nothing (listings name few of a person's
 *   nationalities).
 * - A birth date that clearly differs (every listed date at least two years from the searched one) caps the score
 *   under the threshold by BIRTH_DATE_CONFLICT_MARGIN: the listing stays visible as a near miss, and when the name
 *   alone reached the threshold it is labelled `nameMatchesBirthDateDiffers` ('name matches, birth date differs').
 *   Dates a year apart, or the same year with another day, are not clear: lists publish rough and alternative dates.
 */
import { countryKey } from "../../countries.ts";
import type { EntityIdentifier, IdentifierKind, SanctionsEntity } from "../entity.ts";
import {
  BIRTH_DATE_BONUS,
  BIRTH_DATE_CONFLICT_MARGIN,
  BIRTH_YEAR_BONUS,
  CIRCA_YEARS,
  CONFLICT_YEARS,
  MAX_EVIDENCE_BONUS,
  NATIONALITY_BONUS,
} from "./tuning.ts";

export interface MatchDetails {
  /** "1956" or "1956-03-04". */
  birthDate?: string;
  /** A country code or name. */
  nationality?: string;
  identifiers?: { kind: IdentifierKind; value: string }[];
}

export interface MatchEvidence {
  /** The listing's identifier (as it publishes it) equal to a searched one: decisive. */
  identifier?: { kind: IdentifierKind; value: string };
  birthDate?: "agrees" | "differs";
  nationality?: "agrees" | "differs";
  /** The name alone reaches the threshold, but the birth date clearly differs: a near miss. */
  nameMatchesBirthDateDiffers?: boolean;
  /** The name's own score, before the details changed it. */
  nameScore: number;
}

export { BIRTH_DATE_BONUS, BIRTH_DATE_CONFLICT_MARGIN, BIRTH_YEAR_BONUS, MAX_EVIDENCE_BONUS, NATIONALITY_BONUS };

/** Scores are rounded to three places: the highest score under a threshold is this much under it. */
const SCORE_STEP = 0.001;

/** A birth date as a span of years, with the day or month when the date gives them. */
export interface DateSpan {
  from: number;
  to: number;
  /** "1956-03-04" when the date is a single known day. */
  day?: string;
  /** "1956-03" when the month is known. */
  month?: string;
}

const MONTHS: Record<string, string> = {
  jan: "01",
  feb: "02",
  mar: "03",
  apr: "04",
  may: "05",
  jun: "06",
  jul: "07",
  aug: "08",
  sep: "09",
  oct: "10",
  nov: "11",
  dec: "12",
};
const YEAR = /\b(1[89]\d\d|20\d\d)\b/g;

/**
 * Reads a published birth date into a span of years: "1956", "1956-03-04", "1956-03", "04 Mar 1956", "Mar 1956",
 * "circa 1960", "approximately 1960", "1960 to 1962", "between 1960 and 1962", "1960-1962", "1960-00-00".
 * Null when no year can be read.
 */
export function parseBirthDate(published: string): DateSpan | null {
  const text = published.trim();
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T.*)?$/.exec(text);
  if (iso) {
    const year = Number(iso[1]);
    if (iso[2] === "00") return { from: year, to: year };
    const month = `${iso[1]}-${iso[2]}`;
    return iso[3] && iso[3] !== "00" ? { from: year, to: year, month, day: `${month}-${iso[3]}` } : { from: year, to: year, month };
  }
  const written = /^(?:(\d{1,2})\s+)?([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(text);
  if (written && MONTHS[written[2].toLowerCase()]) {
    const year = Number(written[3]);
    const month = `${written[3]}-${MONTHS[written[2].toLowerCase()]}`;
    return written[1] ? { from: year, to: year, month, day: `${month}-${written[1].padStart(2, "0")}` } : { from: year, to: year, month };
  }
  const dmy = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (dmy) {
    const year = Number(dmy[3]);
    const month = `${dmy[3]}-${dmy[2].padStart(2, "0")}`;
    return { from: year, to: year, month, day: `${month}-${dmy[1].padStart(2, "0")}` };
  }
  const years = [...text.matchAll(YEAR)].map((m) => Number(m[1]));
  if (years.length === 0) return null;
  const from = Math.min(...years);
  const to = Math.max(...years);
  if (/\b(circa|ca\.?|c\.|approx\w*|about|around)\s/i.test(text) || /~/.test(text)) return { from: from - CIRCA_YEARS, to: to + CIRCA_YEARS };
  return { from, to };
}

/** How a searched date stands against one listed date: the same day, within the span, clearly apart, or unclear. */
export function compareBirthDates(searched: DateSpan, listed: DateSpan): "same_day" | "agrees" | "differs" | "unclear" {
  if (searched.day && listed.day) {
    if (searched.day === listed.day) return "same_day";
  } else if (searched.month && listed.month) {
    if (searched.month === listed.month || searched.day?.startsWith(listed.month) || listed.day?.startsWith(searched.month)) return "agrees";
  }
  const gap = searched.to < listed.from ? listed.from - searched.to : listed.to < searched.from ? searched.from - listed.to : 0;
  if (gap >= CONFLICT_YEARS) return "differs";
  if (gap > 0) return "unclear";
  // Overlapping years: two precise, different days (or months) are not an agreement, nor clearly apart.
  if ((searched.day && listed.day) || (searched.month && listed.month && searched.month !== listed.month)) return "unclear";
  return "agrees";
}

/** The searched birth date against every listed one: agrees when one does, differs only when every one clearly differs. */
export function judgeBirthDate(searched: string, listed: readonly string[]): { verdict: "agrees" | "differs"; sameDay: boolean } | null {
  const wanted = parseBirthDate(searched);
  if (!wanted || listed.length === 0) return null;
  let differs = 0;
  let agrees = false;
  let sameDay = false;
  for (const published of listed) {
    const span = parseBirthDate(published);
    if (!span) continue;
    const verdict = compareBirthDates(wanted, span);
    if (verdict === "same_day") {
      agrees = true;
      sameDay = true;
    } else if (verdict === "agrees") agrees = true;
    else if (verdict === "differs") differs++;
  }
  if (agrees) return { verdict: "agrees", sameDay };
  return differs > 0 && differs === listed.length ? { verdict: "differs", sameDay: false } : null;
}

/** What the details say of one listing, and the score and match flag once they are weighed (see the top of this file). */
export interface WeighedEvidence {
  score: number;
  match: boolean;
  evidence: MatchEvidence;
}

/**
 * Weighs the details against one listing whose best name scored `nameScore`; `identifier` is the listing's identifier
 * the lookup found equal to a searched one. Scores are rounded to three places as the index answers them.
 */
export function weighEvidence(
  details: MatchDetails,
  entity: Pick<SanctionsEntity, "birthDates" | "nationalities">,
  nameScore: number,
  threshold: number,
  identifier?: EntityIdentifier,
): WeighedEvidence {
  nameScore = round(nameScore);
  const evidence: MatchEvidence = { nameScore };
  const birth = details.birthDate ? judgeBirthDate(details.birthDate, entity.birthDates) : null;
  if (birth) evidence.birthDate = birth.verdict;
  if (details.nationality && entity.nationalities.length > 0) {
    const wanted = countryKey(details.nationality);
    evidence.nationality = entity.nationalities.some((n) => countryKey(n) === wanted) ? "agrees" : "differs";
  }
  if (identifier) {
    evidence.identifier = { kind: identifier.kind, value: identifier.value };
    return { score: 1, match: true, evidence };
  }
  if (birth?.verdict === "differs") {
    if (nameScore >= threshold) evidence.nameMatchesBirthDateDiffers = true;
    return { score: round(Math.min(nameScore, threshold - BIRTH_DATE_CONFLICT_MARGIN)), match: false, evidence };
  }
  let bonus = 0;
  if (birth?.verdict === "agrees") bonus += birth.sameDay ? BIRTH_DATE_BONUS : BIRTH_YEAR_BONUS;
  if (evidence.nationality === "agrees") bonus += NATIONALITY_BONUS;
  let score = Math.min(1, nameScore + bonus);
  // Only a birth date may lift a near miss over the threshold.
  if (nameScore < threshold && birth?.verdict !== "agrees") score = Math.min(score, Math.max(nameScore, threshold - SCORE_STEP));
  score = round(score);
  return { score, match: score >= threshold, evidence };
}

/** Whether the details carry anything to judge. */
export function hasDetails(details: MatchDetails | undefined): details is MatchDetails {
  return !!details && (!!details.birthDate || !!details.nationality || (details.identifiers?.length ?? 0) > 0);
}

const round = (score: number) => Math.round(score * 1000) / 1000;
