import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView, MonitoredListItem } from "../../../lib/monitoring/schemas.ts";
import { AlertReason } from "./alert-reason";
import { ChangeLines } from "./change-lines";
import { EntityActions } from "./entity-actions";
import { EntityReview, EntityRisk } from "./entity-check-cells";
import { EntityStatusBadge } from "./entity-status-badge";
import { isDue } from "./use-monitored-entities";

/**
 * Name/Company, Type, Risk and Review (of the last complete check), Frequency, Last Checked, Next Check, Changes (with
 * why the alert is open), Status, Added by (the team's list), Actions (those that change it only where the caller may).
 */
export function MonitoredEntitiesTable({
  entities,
  onRemove,
  showAddedBy,
  mayChange,
}: {
  entities: MonitoredListItem[];
  onRemove: (entity: MonitoredEntityView) => void;
  showAddedBy: boolean;
  mayChange: (entity: MonitoredListItem) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table data-testid="monitored-entities">
      <caption className="sr-only">{t("monitoring.title")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.name")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.type")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.risk")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.review")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.frequency")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.lastChecked")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.nextCheck")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.changes")}
          </TableHead>
          <TableHead scope="col" className="whitespace-normal">
            {t("monitoring.column.status")}
          </TableHead>
          {showAddedBy && (
            <TableHead scope="col" className="whitespace-normal">
              {t("team.madeBy")}
            </TableHead>
          )}
          <TableHead scope="col" className="px-2 text-right">
            {t("monitoring.column.actions")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entities.map((entity) => (
          <TableRow key={entity.id} data-testid="monitored-entity">
            <TableCell className="min-w-36">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium wrap-anywhere" data-testid="entity-name">
                  {entity.lastSearchId ? (
                    <Link
                      to="/searches/$searchId"
                      params={{ searchId: entity.lastSearchId }}
                      className="underline-offset-4 hover:underline focus-visible:underline"
                      aria-label={t("monitoring.openLatestLabel", { name: entity.searchTerm })}
                    >
                      {entity.searchTerm}
                    </Link>
                  ) : (
                    entity.searchTerm
                  )}
                </span>
                {entity.hasChanges && (
                  <Badge variant="destructive" data-testid="entity-new">
                    {t("monitoring.new")}
                  </Badge>
                )}
              </div>
              <div className="text-xs text-muted-foreground" data-testid="entity-source">
                {entity.source === "search" ? t("monitoring.source.search") : t("monitoring.source.manual")}
                {entity.country && ` · ${entity.country}`}
              </div>
            </TableCell>
            <TableCell>{entity.entityType === "company" ? t("search.company") : t("search.person")}</TableCell>
            <TableCell>
              <EntityRisk entity={entity} />
            </TableCell>
            <TableCell>
              <EntityReview entity={entity} />
            </TableCell>
            <TableCell>{t(`monitoring.frequency.${entity.frequency}`)}</TableCell>
            <TableCell data-testid="entity-last-checked">{entity.lastChecked ? <When value={entity.lastChecked} /> : t("monitoring.notChecked")}</TableCell>
            <TableCell data-testid="entity-next-check">
              <NextCheck entity={entity} />
            </TableCell>
            <TableCell className="max-w-64 min-w-36 text-xs" data-testid="entity-changes">
              {entity.hasChanges && (
                <div className="grid gap-1">
                  <ChangeLines entity={entity} />
                  <AlertReason entity={entity} />
                </div>
              )}
            </TableCell>
            <TableCell>
              <EntityStatusBadge entity={entity} />
            </TableCell>
            {showAddedBy && (
              <TableCell className="wrap-anywhere" data-testid="entity-added-by">
                {entity.createdBy.name ?? t("history.formerMember")}
              </TableCell>
            )}
            <TableCell className="px-2 text-right">
              <EntityActions entity={entity} onRemove={() => onRemove(entity)} changes={mayChange(entity)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A day over its time, so the date columns stay narrow. */
function When({ value }: { value: string }) {
  const { date } = useFormatters();
  const { i18n } = useTranslation();
  const time = (v: string) => new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(new Date(v));
  return (
    <time dateTime={value} className="grid whitespace-nowrap">
      <span>{date(value)}</span>
      <span className="text-xs text-muted-foreground">{time(value)}</span>
    </time>
  );
}

/** When the next check runs: 'Due now' once its time has come, nothing while paused or waiting for credits. */
function NextCheck({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  if (entity.status !== "active" || entity.waitingFor || !entity.nextCheck) return "—";
  if (isDue(entity)) return t("monitoring.dueNow");
  return <When value={entity.nextCheck} />;
}
