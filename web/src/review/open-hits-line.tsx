import { useFormatters } from "@duecheck/react/views/format";
import { useTranslation } from "react-i18next";
import type { HitCounts } from "../../../lib/screening/hit-counts.ts";

/**
 * '17 open hits: 9 matches, 6 near misses, 2 adverse articles': the review box's count, split by kind with the same
 * definitions as the result's counters and summary (lib/screening/hit-counts.ts), so near misses waiting for a decision
 * are named as such and never read as matches.
 */
export function OpenHitsLine({ counts }: { counts: HitCounts }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const open = counts.open;
  const part = (key: string, count: number) => (count > 0 ? [t(key, { count, formatted: number(count) })] : []);
  const parts = [
    ...part("reviews.panel.open.matches", open.matches),
    ...part("reviews.panel.open.nearMisses", open.nearMisses),
    ...part("reviews.panel.open.pepListings", open.pepListings),
    ...part("reviews.panel.open.adverseArticles", open.adverseArticles),
  ];
  const total = t("reviews.panel.openHits", { count: open.total });
  return <span data-testid="review-open-hits">{parts.length > 0 ? t("reviews.panel.openHitsBy", { total, parts: parts.join(", ") }) : total}</span>;
}
