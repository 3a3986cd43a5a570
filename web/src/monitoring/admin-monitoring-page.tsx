import { useFormatters } from "@duecheck/react/views/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { AdminMonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { AdminListPage } from "../admin/admin-list-page";
import { AdminOnly } from "../admin/admin-only";
import { answer, api, withSignal } from "../lib/api";
import { EntityReview, EntityRisk } from "./entity-check-cells";
import { EntityStatusBadge } from "./entity-status-badge";

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
  return (
    <AdminListPage
      path="/admin/monitoring"
      fetchPage={(query, signal) => answer(api.admin.monitoring.$get({ query }, withSignal(signal)))}
      queryKey={["/api/admin", "monitoring"]}
      title={t("adminRecords.monitoring.title")}
      description={t("adminRecords.monitoring.description")}
      filterLabel={t("adminRecords.monitoring.filterLabel")}
      filterPlaceholder={t("adminRecords.monitoring.filterPlaceholder")}
      countText={(total) => t("adminRecords.monitoring.count", { count: total, n: number(total) })}
      countTestId="admin-monitoring-count"
      empty={t("adminRecords.monitoring.empty")}
    >
      {(entities) => <AdminEntitiesTable entities={entities} />}
    </AdminListPage>
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
