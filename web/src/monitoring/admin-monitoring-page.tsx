import { useFormatters } from "@duecheck/react/views/format";
import { Input } from "@duecheck/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link } from "@tanstack/react-router";
import { SearchIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AdminMonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { AdminOnly } from "../admin/admin-only";
import { PagedListState } from "../admin/list-state";
import { useAddressFilter } from "../batch/admin-batches-page";
import { usePagedList } from "../lib/use-paged-list";
import { PageHeader } from "../shell/page-header";
import { EntityReview, EntityRisk } from "./entity-check-cells";
import { EntityStatusBadge } from "./entity-status-badge";

const PAGE_SIZE = 50;

/**
 * /admin/monitoring: every user's monitored entities with their owners (?q= on the name or the owner's email), each
 * opening its last complete check's search read-only. Pausing and removing stay the owner's.
 */
export function AdminMonitoringPage() {
  return (
    <AdminOnly>
      <AdminMonitoring />
    </AdminOnly>
  );
}

function AdminMonitoring() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { q, draft, setDraft } = useAddressFilter("/admin/monitoring");
  const list = usePagedList<AdminMonitoredEntityView>("/api/admin/monitoring", ["/api/admin", "monitoring"], { q: q || undefined, limit: PAGE_SIZE });
  const filterId = useId();
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("adminRecords.monitoring.title")} description={t("adminRecords.monitoring.description")} />
      <div className="relative max-w-md">
        <label htmlFor={filterId} className="sr-only">
          {t("adminRecords.monitoring.filterLabel")}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={filterId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t("adminRecords.monitoring.filterPlaceholder")}
          className="pl-8"
        />
      </div>
      <section className="grid gap-3" aria-label={t("adminRecords.monitoring.title")}>
        {list.total !== undefined && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="admin-monitoring-count">
            {t("adminRecords.monitoring.count", { count: list.total, n: number(list.total) })}
          </p>
        )}
        <PagedListState list={{ ...list, hasNextPage: !!list.hasNextPage }} empty={t("adminRecords.monitoring.empty")}>
          <AdminEntitiesTable entities={list.items ?? []} />
        </PagedListState>
      </section>
    </div>
  );
}

function AdminEntitiesTable({ entities }: { entities: AdminMonitoredEntityView[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Table data-testid="admin-monitored-entities">
      <caption className="sr-only">{t("adminRecords.monitoring.title")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("monitoring.column.name")}</TableHead>
          <TableHead scope="col">{t("adminRecords.column.owner")}</TableHead>
          <TableHead scope="col">{t("monitoring.column.risk")}</TableHead>
          <TableHead scope="col">{t("monitoring.column.review")}</TableHead>
          <TableHead scope="col">{t("monitoring.column.lastChecked")}</TableHead>
          <TableHead scope="col">{t("monitoring.column.status")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entities.map((entity) => {
          const check = entity.reviewSearchId ?? entity.lastSearchId;
          return (
            <TableRow key={entity.id} data-testid="admin-entity-row">
              <TableCell className="min-w-40 font-medium wrap-anywhere">
                {check ? (
                  <Link
                    to="/"
                    search={{ view: check }}
                    className="underline-offset-4 hover:underline focus-visible:underline"
                    aria-label={t("adminRecords.monitoring.openCheck", { name: entity.searchTerm })}
                  >
                    {entity.searchTerm}
                  </Link>
                ) : (
                  entity.searchTerm
                )}
                <div className="text-xs font-normal text-muted-foreground">{entity.entityType === "company" ? t("search.company") : t("search.person")}</div>
              </TableCell>
              <TableCell className="wrap-anywhere">{entity.userEmail}</TableCell>
              <TableCell>
                <EntityRisk entity={entity} />
              </TableCell>
              <TableCell>
                <EntityReview entity={entity} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {entity.lastChecked ? <time dateTime={entity.lastChecked}>{dateTime(entity.lastChecked)}</time> : t("monitoring.notChecked")}
              </TableCell>
              <TableCell>
                <EntityStatusBadge entity={entity} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
