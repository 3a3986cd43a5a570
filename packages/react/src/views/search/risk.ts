import type { MediaCategory, MediaItem, RiskLevel, SanctionsRow, SearchResults } from "@lib/screening/results.ts";
import type { BadgeProps } from "./badge-props";

/**
 * The level to show: the server's, else high if any sanctions match, medium if any
 * adverse media, otherwise low. Null while a search has neither a level nor results yet.
 */
export function effectiveRiskLevel(riskLevel: RiskLevel | null | undefined, results: SearchResults | null | undefined): RiskLevel | null {
  if (riskLevel) return riskLevel;
  if (results?.risk?.level) return results.risk.level;
  if (!results) return null;
  if (results.sanctionsList.some((row) => row.match)) return "high";
  if (results.adverseMedia.length > 0) return "medium";
  return "low";
}

export const RISK_LABEL_KEYS: Record<RiskLevel, string> = {
  critical: "risk.critical",
  high: "risk.high",
  medium: "risk.medium",
  low: "risk.low",
};

/** high (and critical) destructive, medium its own (amber) style, everything else secondary. */
export function riskBadgeVariant(level: RiskLevel | null): BadgeProps["variant"] {
  if (level === "critical" || level === "high") return "destructive";
  if (level === "medium") return "warning";
  return "secondary";
}

/** Rows with a match first, each group in the server's order. */
export function sortSanctionsRows(rows: SanctionsRow[]): SanctionsRow[] {
  return [...rows.filter((r) => r.match), ...rows.filter((r) => !r.match)];
}

/** Negative items first, then PEP, then the rest, each group in the server's order. */
export function sortMedia(items: MediaItem[]): MediaItem[] {
  const rank = (item: MediaItem) => (item.isNegative ? 0 : item.category === "PEP" ? 1 : 2);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map((x) => x.item);
}

const RED_CATEGORIES: readonly MediaCategory[] = ["negative", "criminal", "sanctions", "corruption"];

/** negative, criminal, sanctions, corruption red; PEP amber; positive green; anything else outline. */
export function categoryBadgeVariant(category: string): BadgeProps["variant"] {
  if ((RED_CATEGORIES as readonly string[]).includes(category)) return "destructive";
  if (category === "PEP") return "warning";
  if (category === "positive") return "success";
  return "outline";
}

export const CATEGORY_LABEL_KEYS: Record<MediaCategory, string> = {
  negative: "search.category.negative",
  PEP: "search.category.pep",
  positive: "search.category.positive",
  criminal: "search.category.criminal",
  sanctions: "search.category.sanctions",
  corruption: "search.category.corruption",
  others: "search.category.others",
};
