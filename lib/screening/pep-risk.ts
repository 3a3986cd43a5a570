/**
 * How much a PEP listing weighs (docs/decisions/pep-risk.md). A PEP in office, or one who left within the last 12
 * months, keeps the exposure that enhanced due diligence is about: at least medium. A foreign one (a post in another
 * country than the organisation's own) weighs high when the installation says foreign PEPs weigh more, as FATF
 * treats foreign PEPs as high-risk always. A PEP who left more than 12 months ago is named, at low. A relative or
 * close associate is medium (the list does not say whether their PEP is still in office), and so is a listing whose
 * list says nothing of its posts. Pure: the web bundle and the summaries use it through risk.ts.
 */
import { countryKey } from "../countries.ts";
import type { PepPosition } from "../sanctions/pep.ts";
import type { PepListing, RiskLevel, RiskReason } from "./results.ts";

/** What weighs a PEP beside the listing itself. */
export interface PepRiskOptions {
  /** The organisation's home country (ISO alpha-2): a post elsewhere is foreign. Null: no post counts as foreign. */
  homeCountry: string | null;
  /** The installation's setting: a foreign PEP (in office or left within 12 months) is high instead of medium. */
  foreignPepHigherRisk: boolean;
  /** When the screening runs (the 12 months count back from it). */
  now: Date;
}

/** Months after leaving a post during which a former PEP still counts as one. */
export const FORMER_PEP_MONTHS = 12;

/** in office; left within 12 months; left before; no date or status says (treated as possibly in office). */
export type PositionStatus = "current" | "recent" | "former" | "unknown";

export function positionStatus(position: PepPosition, now: Date): PositionStatus {
  if (position.current === true) return "current";
  const end = position.endDate ? endOf(position.endDate) : null;
  if (end) {
    const limit = new Date(now);
    limit.setUTCMonth(limit.getUTCMonth() - FORMER_PEP_MONTHS);
    if (end > now && position.current !== false) return "current";
    return end >= limit ? "recent" : "former";
  }
  // Ended without a date: when is not known, so it may be within the 12 months.
  return position.current === false ? "recent" : "unknown";
}

/** The last day a partial date ("2024", "2024-05") can mean. */
function endOf(date: string): Date | null {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(date.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), m[2] ? Number(m[2]) : 12, m[3] ? Number(m[3]) : undefined];
  return d ? new Date(Date.UTC(y, mo - 1, d)) : new Date(Date.UTC(y, mo, 0));
}

export const isForeign = (position: PepPosition, homeCountry: string | null): boolean =>
  !!homeCountry && !!position.country && position.level !== "international" && countryKey(position.country) !== countryKey(homeCountry);

const STATUS_RANK: Record<PositionStatus, number> = { current: 3, unknown: 2, recent: 1, former: 0 };

/** The reason one PEP listing gives, with its level: the post that weighs most decides. */
export function pepReason(listing: PepListing, options: PepRiskOptions | undefined): RiskReason {
  const base = { name: listing.name, dataset: listing.dataset, ...(listing.listVersion ? { listVersion: listing.listVersion } : {}) };
  const role = listing.role ?? "pep";
  if (role === "rca") {
    const related = listing.relatedPeps?.[0];
    const params = { ...base, role, ...(related ? { relationship: related.relationship, relatedName: related.name } : {}) };
    return { code: "pep", level: "medium", params };
  }
  const positions = listing.positions ?? [];
  if (positions.length === 0) return { code: "pep", level: "medium", params: base };
  const now = options?.now ?? new Date();
  const judged = positions.map((position) => {
    const status = positionStatus(position, now);
    const foreign = isForeign(position, options?.homeCountry ?? null);
    const level: RiskLevel = status === "former" ? "low" : foreign && options?.foreignPepHigherRisk ? "high" : "medium";
    return { position, status, foreign, level };
  });
  const levelRank = (l: RiskLevel) => ["low", "medium", "high", "critical"].indexOf(l);
  judged.sort((a, b) => levelRank(b.level) - levelRank(a.level) || STATUS_RANK[b.status] - STATUS_RANK[a.status]);
  const { position, status, foreign, level } = judged[0];
  const params = {
    ...base,
    role,
    status,
    position: position.title,
    ...(position.country ? { country: position.country } : {}),
    ...(position.level ? { level: position.level } : {}),
    ...(position.startDate ? { since: position.startDate } : {}),
    ...(position.endDate ? { until: position.endDate } : {}),
    ...(foreign ? { foreign: 1 } : {}),
  };
  return { code: "pep", level, params };
}
