import { RISK_LABEL_KEYS } from "@duecheck/react/views/search/risk";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { cn } from "@duecheck/ui/utils";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { REVIEW_SOURCES } from "../../../lib/review/contract.ts";
import type { QueueSearch } from "./queue-search";

const STATUSES = ["open", "needs_review", "escalated", "awaiting_approval"] as const;
const RISKS = ["critical", "high", "medium", "low"] as const;
const ASSIGNEES = ["me", "unassigned"] as const;

/** Status, risk, source, age and assignee; every change goes into the address (the caller's navigate). */
export function QueueFilters({ value, onChange }: { value: QueueSearch; onChange: (next: QueueSearch) => void }) {
  const { t } = useTranslation();
  const set = <K extends keyof QueueSearch>(key: K, next: QueueSearch[K] | "") => onChange({ ...value, [key]: next === "" ? undefined : next });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of filters named by the screen; a fieldset would need a legend and change the layout
    <div role="group" aria-label={t("reviews.filters.label")} className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="queue-filters">
      <Choice
        label={t("reviews.filters.status")}
        value={value.status ?? "open"}
        onChange={(v) => set("status", v === "open" ? "" : (v as QueueSearch["status"]))}
      >
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`reviews.filters.statusValue.${status}`)}
          </option>
        ))}
      </Choice>
      <Choice label={t("reviews.filters.risk")} value={value.risk ?? ""} onChange={(v) => set("risk", v as QueueSearch["risk"])}>
        <option value="">{t("reviews.filters.any")}</option>
        {RISKS.map((risk) => (
          <option key={risk} value={risk}>
            {t(RISK_LABEL_KEYS[risk])}
          </option>
        ))}
      </Choice>
      <Choice label={t("reviews.filters.source")} value={value.source ?? ""} onChange={(v) => set("source", v as QueueSearch["source"])}>
        <option value="">{t("reviews.filters.any")}</option>
        {REVIEW_SOURCES.map((source) => (
          <option key={source} value={source}>
            {t(`reviews.source.${source}`)}
          </option>
        ))}
      </Choice>
      <AgeFilter value={value.olderThanDays} onChange={(days) => set("olderThanDays", days ?? "")} />
      <Choice
        label={t("reviews.filters.assignee")}
        value={value.assignee === "me" || value.assignee === "unassigned" ? value.assignee : ""}
        onChange={(v) => set("assignee", v as QueueSearch["assignee"])}
      >
        <option value="">{t("reviews.filters.anyone")}</option>
        {ASSIGNEES.map((assignee) => (
          <option key={assignee} value={assignee}>
            {t(`reviews.filters.assigneeValue.${assignee}`)}
          </option>
        ))}
      </Choice>
    </div>
  );
}

const SELECT_CLASS =
  "h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30";

function Choice({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(SELECT_CLASS)}>
        {children}
      </select>
    </div>
  );
}

/** Older than N days: a whole number, empty for any age. */
function AgeFilter({ value, onChange }: { value: number | undefined; onChange: (days: number | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{t("reviews.filters.olderThanDays")}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={3650}
        value={value ?? ""}
        placeholder={t("reviews.filters.anyAge")}
        onChange={(event) => {
          const days = Number.parseInt(event.target.value, 10);
          onChange(Number.isFinite(days) && days >= 0 ? Math.min(days, 3650) : undefined);
        }}
      />
    </div>
  );
}
