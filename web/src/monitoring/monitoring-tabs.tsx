import { useFormatters } from "@duecheck/react/views/format";
import { Tabs, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { useTranslation } from "react-i18next";
import type { MonitoringCounts } from "../../../lib/monitoring/schemas.ts";
import type { MonitoringTab } from "./use-monitored-entities";

/** All Monitored (n), With Changes (n, a pulsing dot while any exist), No Changes (n). */
export function MonitoringTabs({
  value,
  onChange,
  counts,
}: {
  value: MonitoringTab;
  onChange: (tab: MonitoringTab) => void;
  counts: MonitoringCounts | undefined;
}) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const n = (count: number | undefined) => (count === undefined ? "" : ` (${number(count)})`);
  return (
    <Tabs value={value} onValueChange={(next) => onChange(next as MonitoringTab)}>
      <TabsList className="grid h-auto w-full grid-cols-1 sm:flex sm:w-fit" aria-label={t("monitoring.tabsLabel")}>
        <TabsTrigger value="all" className="h-8" data-testid="tab-all">
          {t("monitoring.tabAll")}
          {n(counts?.all)}
        </TabsTrigger>
        <TabsTrigger value="with" className="h-8" data-testid="tab-with">
          {t("monitoring.tabWith")}
          {n(counts?.withChanges)}
          {!!counts?.withChanges && (
            <span className="relative flex size-2" data-testid="changes-dot">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-destructive opacity-75" />
              <span className="relative inline-flex size-2 rounded-full bg-destructive" />
              <span className="sr-only">{t("monitoring.changesPending")}</span>
            </span>
          )}
        </TabsTrigger>
        <TabsTrigger value="without" className="h-8" data-testid="tab-without">
          {t("monitoring.tabWithout")}
          {n(counts?.noChanges)}
        </TabsTrigger>
      </TabsList>
    </Tabs>
  );
}
