import { Button } from "@duecheck/ui/button";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { PlusIcon, RadarIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canScreen, managesTeamRecords } from "../../../lib/auth/roles.ts";
import type { MonitoredEntityView, MonitoredListItem } from "../../../lib/monitoring/schemas.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { LoadMore } from "../components/load-more";
import { TeamSwitch } from "../components/team-switch";
import { PortfolioExportButtons } from "../exports/portfolio-export-buttons";
import { PageHeader } from "../shell/page-header";
import { AddEntityDialog } from "./add-entity-dialog";
import { EntityFilters } from "./entity-filters";
import { MonitoredEntitiesTable } from "./monitored-entities-table";
import type { MonitoringSearch } from "./monitoring-search";
import { MonitoringTabs } from "./monitoring-tabs";
import { SpellingVariantsButton } from "./spelling-variants";
import { type MonitoringTab, useMonitoredEntities } from "./use-monitored-entities";
import { useRemoveEntity } from "./use-monitoring-mutations";

/**
 * /automatic-screening: the monitored people and companies in three tabs (all, with
 * changes, no changes) with their counts, filtered by risk level and review status (?risk=&review=), a page at a
 * time, the Add Entity dialog and the row actions.
 */
export function MonitoringPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MonitoringTab>("all");
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MonitoredEntityView | null>(null);
  const filters = useSearch({ strict: false }) as MonitoringSearch;
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const list = useMonitoredEntities(tab, filters);
  const filtered = !!filters.risk || !!filters.review;
  const team = filters.scope === "team";
  // The server's rule (lib/auth/team-records.ts): its maker, and the organisation's owners and admins.
  const mayChange = (entity: MonitoredListItem) =>
    !!user && canScreen(user) && (entity.createdBy.id === user.id || (!!user.organisation && managesTeamRecords(user.organisation.role)));
  const remove = useRemoveEntity();
  const { items, counts, isLoading, isError, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("monitoring.title")} description={t("monitoring.description")}>
        <div className="flex flex-wrap gap-2">
          <PortfolioExportButtons />
          {user && canScreen(user) && <SpellingVariantsButton />}
          {user && canScreen(user) && (
            <Button onClick={() => setAdding(true)}>
              <PlusIcon aria-hidden />
              {t("monitoring.addEntity")}
            </Button>
          )}
        </div>
      </PageHeader>

      <MonitoringTabs value={tab} onChange={setTab} counts={counts} />
      <EntityFilters
        value={filters}
        onChange={(next) => void navigate({ to: "/automatic-screening", search: { ...next, scope: filters.scope }, replace: true })}
      />
      <TeamSwitch
        checked={team}
        onCheckedChange={(on) => void navigate({ to: "/automatic-screening", search: { ...filters, scope: on ? "team" : undefined }, replace: true })}
      />

      <section className="grid gap-3" aria-label={t("monitoring.title")}>
        {isLoading && <Skeleton className="h-40 w-full" />}
        {isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("monitoring.loadFailed")}
          </p>
        )}
        {items &&
          (items.length === 0 ? (
            <EmptyState tab={tab} filtered={filtered} />
          ) : (
            <div className={cn("grid gap-3", isPlaceholderData && "opacity-60")} aria-busy={isPlaceholderData}>
              <MonitoredEntitiesTable entities={items} onRemove={setRemoving} showAddedBy={team} mayChange={mayChange} />
              <LoadMore hasMore={!!hasNextPage} loading={isFetchingNextPage} loaded={items.length} onLoad={() => void fetchNextPage()} />
            </div>
          ))}
      </section>

      <AddEntityDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDeleteDialog
        item={removing}
        title={t("monitoring.removeTitle")}
        description={(entity) => t("monitoring.removeDescription", { name: entity.searchTerm })}
        confirmLabel={t("monitoring.remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={(entity) => {
          setRemoving(null);
          remove.mutate(entity);
        }}
      />
    </div>
  );
}

function EmptyState({ tab, filtered }: { tab: MonitoringTab; filtered: boolean }) {
  const { t } = useTranslation();
  const title = filtered
    ? t("monitoring.emptyFiltered")
    : tab === "with"
      ? t("monitoring.emptyWith")
      : tab === "without"
        ? t("monitoring.emptyWithout")
        : t("monitoring.empty");
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-12 text-center" data-testid="monitoring-empty">
      <RadarIcon className="size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      {tab === "all" && !filtered && <p className="text-sm text-muted-foreground">{t("monitoring.emptyDescription")}</p>}
    </div>
  );
}
