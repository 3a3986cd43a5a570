import { countryKey } from "../countries.ts";
import { DEFAULT_MATCH_THRESHOLD } from "../sanctions/matcher/index.ts";
import { type PepRiskOptions, pepReason } from "./pep-risk.ts";
import {
  failedSources,
  type MediaItem,
  mediaChecked,
  type PepListing,
  RISK_LEVELS,
  type RiskLevel,
  type RiskReason,
  type SanctionsHit,
  type SanctionsRow,
  type SourceStatus,
} from "./results.ts";

/** A match at or above this score is critical on its own, without an agreeing birth date or nationality. */
export const STRONG_MATCH_SCORE = 0.95;

export interface RiskInput {
  sanctionsList: SanctionsRow[];
  adverseMedia: MediaItem[];
  pepListings: PepListing[];
  sources: SourceStatus[];
  subject: { entityType: "person" | "company"; birthDate?: string; nationality?: string };
  /** The matcher's threshold: a hit at or above it is a match. Default: the matcher's default. */
  matchThreshold?: number;
  /** The home country, the foreign-PEP setting and the time PEP listings are weighed with (pep-risk.ts). */
  pep?: PepRiskOptions;
  /**
   * The reason a PEP listing was given when the search was screened, if any: judged again later (the risk the
   * decisions leave), a listing weighs as it did then, not by today's date or settings.
   */
  screenedPepReason?: (listing: PepListing) => RiskReason | undefined;
}

export interface RiskAssessment {
  level: RiskLevel;
  /** Strongest first. */
  reasons: RiskReason[];
  /** Every source answered and nothing was found: no sanctions match, no PEP, no negative media. */
  clean: boolean;
}

type Params = RiskReason["params"];

export { countryKey };

/**
 * critical: a strong sanctions match (score >= 0.95, a searched identifier the listing carries, or a match with an
 * agreeing birth date or nationality);
 * high: any other sanctions match; a PEP as pep-risk.ts weighs them (medium at least while in office or within 12
 * months of leaving, high when foreign and the installation says so); medium: negative media, or a sanctions list, PEP list or every news
 * provider that could not be checked (unknown is not low); low otherwise. No news provider configured leaves the
 * level to the lists: the result is still incomplete (a source_failed reason, never clean). Hits under the threshold are listed as
 * possible matches without raising the level. Every source that could not be checked makes one reason.
 */
export function assessRisk(input: RiskInput): RiskAssessment {
  const threshold = input.matchThreshold ?? DEFAULT_MATCH_THRESHOLD;
  const reasons: RiskReason[] = [];

  let matched = false;
  for (const row of input.sanctionsList) {
    const reason = sanctionsReason(row, threshold, input.subject);
    if (!reason) continue;
    if (reason.code !== "sanctions_possible_match") matched = true;
    reasons.push(reason);
  }

  const peps = input.pepListings;
  for (const pep of peps) reasons.push(input.screenedPepReason?.(pep) ?? pepReason(pep, input.pep));

  const negative = input.adverseMedia.filter((m) => m.isNegative);
  if (negative.length > 0) {
    const categories = [...new Set(negative.map((m) => m.category))];
    reasons.push({ code: "negative_media", level: "medium", params: { count: negative.length, categories: categories.join(", ") } });
  }

  const failed = failedSources(input);
  if (failed.length > 0) {
    const listUnchecked = failed.some((s) => s.kind === "sanctions" || s.kind === "pep");
    // No news provider configured is a choice of the installation, not an outage: adverse media were not checked
    // (the result says so and is incomplete, never clean), but the level stays what the lists give. A configured
    // provider that failed is unknown, and unknown is not low.
    const mediaUnchecked = !mediaChecked(input) && !mediaNotConfigured(input.sources);
    // A classifier that failed alone left the built-in one to classify: the media were still checked.
    const level = listUnchecked || mediaUnchecked ? "medium" : "low";
    reasons.push({ code: "source_failed", level, params: { count: failed.length } });
  }

  const clean = failed.length === 0 && !matched && peps.length === 0 && negative.length === 0;
  if (clean) {
    reasons.push({ code: "no_findings", level: "low", params: { datasets: input.sanctionsList.length, articles: input.adverseMedia.length } });
  }

  reasons.sort((a, b) => rank(b.level) - rank(a.level));
  const level = reasons.reduce<RiskLevel>((max, r) => (rank(r.level) > rank(max) ? r.level : max), "low");
  return { level, reasons, clean };
}

function sanctionsReason(row: SanctionsRow, threshold: number, subject: RiskInput["subject"]): RiskReason | null {
  if (row.hits.length === 0) {
    return row.match
      ? { code: "sanctions_match", level: "high", params: compact({ dataset: row.source, details: row.details, matches: row.entityCount }) }
      : null;
  }
  const byScore = [...row.hits].sort((a, b) => b.score - a.score);
  const matches = row.match ? byScore.filter((h) => h.score >= threshold) : [];
  // A row flagged as a match whose hits were scored against another threshold still counts as one.
  if (row.match && matches.length === 0) matches.push(byScore[0]);

  if (matches.length === 0) {
    // A name match kept under the threshold by its birth date says more than a name that almost matched.
    const best = byScore.find((h) => h.evidence?.nameMatchesBirthDateDiffers) ?? byScore[0];
    const birthDateDiffers = best.evidence?.nameMatchesBirthDateDiffers && subject.birthDate;
    return {
      code: "sanctions_possible_match",
      level: "low",
      params: compact({
        dataset: row.source,
        entityName: best.name,
        matchedName: best.matchedName,
        score: best.score,
        threshold,
        ...(birthDateDiffers
          ? { birthDateDiffers: 1, nameScore: best.evidence?.nameScore, birthDate: best.birthDate.join(", "), searchedBirthDate: subject.birthDate }
          : {}),
      }),
    };
  }

  const judged = matches.map((hit) => ({ hit, agreement: agreement(hit, subject) }));
  const confirmed = judged.find((j) => j.agreement.includes("identifier")) ?? judged.find((j) => j.hit.score >= STRONG_MATCH_SCORE || j.agreement.length > 0);
  const { hit, agreement: agreeing } = confirmed ?? judged[0];
  const params = compact({
    dataset: row.source,
    entityName: hit.name,
    matchedName: hit.matchedName,
    score: hit.score,
    matches: matches.length,
    programs: hit.programs.join(", "),
    nationality: hit.nationality.join(", "),
    birthDate: hit.birthDate.join(", "),
    identifierKind: hit.evidence?.identifier?.kind,
    identifier: hit.evidence?.identifier?.value,
  });
  if (confirmed) {
    const basis = agreeing.length > 0 ? agreeing.join(", ") : "score";
    return { code: "sanctions_match_confirmed", level: "critical", params: { ...params, basis } };
  }
  return { code: "sanctions_match", level: "high", params };
}

/**
 * Which of the subject's known facts the listing agrees with: "identifier", "birth_date", "nationality". The matcher's
 * evidence decides when the hit has it (query by example); otherwise the dates and countries are compared here.
 */
function agreement(hit: SanctionsHit, subject: RiskInput["subject"]): string[] {
  const agreeing: string[] = [];
  if (hit.evidence) {
    if (hit.evidence.identifier) agreeing.push("identifier");
    if (hit.evidence.birthDate === "agrees") agreeing.push("birth_date");
    if (hit.evidence.nationality === "agrees") agreeing.push("nationality");
    if (hit.evidence.nationality || !subject.nationality) return agreeing;
    // The details named no nationality: the search's country is compared below.
  }
  if (!hit.evidence && subject.birthDate && hit.birthDate.some((d) => datesAgree(subject.birthDate!, d))) agreeing.push("birth_date");
  if (subject.nationality) {
    const wanted = countryKey(subject.nationality);
    if (hit.nationality.some((n) => countryKey(n) === wanted)) agreeing.push("nationality");
  }
  return agreeing;
}

/** Adverse media were not checked because no news provider is configured (every media source says not_configured). */
export function mediaNotConfigured(sources: readonly SourceStatus[]): boolean {
  const media = sources.filter((s) => s.kind === "media");
  return media.length > 0 && media.every((s) => s.status === "failed" && s.errorCode === "not_configured");
}

/** "1970", "1970-05" and "1970-05-12" agree as far as the less precise one goes. */
export function datesAgree(a: string, b: string): boolean {
  const x = a.trim().slice(0, 10);
  const y = b.trim().slice(0, 10);
  if (x.length < 4 || y.length < 4) return false;
  return x.startsWith(y) || y.startsWith(x);
}

function rank(level: RiskLevel): number {
  return RISK_LEVELS.indexOf(level);
}

/** Params without empty values. */
function compact(values: Record<string, string | number | null | undefined>): Params {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== "")) as Params;
}
