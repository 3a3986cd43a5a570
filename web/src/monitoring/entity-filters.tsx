import { RISK_LABEL_KEYS } from "@duecheck/react/views/search/risk";
import { Label } from "@duecheck/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { REVIEW_STATUSES } from "../../../lib/review/contract.ts";
import { RISK_LEVELS } from "../../../lib/screening/results.ts";
import type { MonitoringSearch } from "./monitoring-search";

const ALL = "all";

/** The table's filters: the risk level and the review status of each entity's last complete check. */
export function EntityFilters({ value, onChange }: { value: MonitoringSearch; onChange: (next: MonitoringSearch) => void }) {
  const { t } = useTranslation();
  const riskId = useId();
  const reviewId = useId();
  const set = (key: keyof MonitoringSearch, next: string) => {
    const { [key]: _, ...rest } = value;
    onChange(next === ALL ? rest : { ...rest, [key]: next });
  };
  return (
    <div className="flex flex-wrap items-end gap-4" data-testid="entity-filters">
      <div className="grid gap-1.5">
        <Label htmlFor={riskId}>{t("monitoring.filter.risk")}</Label>
        <Select value={value.risk ?? ALL} onValueChange={(next) => set("risk", next)}>
          <SelectTrigger id={riskId} className="w-44" data-testid="filter-risk">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("monitoring.filter.all")}</SelectItem>
            {[...RISK_LEVELS].reverse().map((level) => (
              <SelectItem key={level} value={level}>
                {t(RISK_LABEL_KEYS[level])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={reviewId}>{t("monitoring.filter.review")}</Label>
        <Select value={value.review ?? ALL} onValueChange={(next) => set("review", next)}>
          <SelectTrigger id={reviewId} className="w-60" data-testid="filter-review">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("monitoring.filter.all")}</SelectItem>
            <SelectItem value="open">{t("monitoring.filter.open")}</SelectItem>
            {REVIEW_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {t(`review.status.${status}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
