import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { cn } from "@duecheck/ui/utils";
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
 *
 * No cell's content may run into the next one: badges wrap inside their cell (a badge is a single line by default and
 * German labels are long), and each cell is as wide as its longest word. Under the md breakpoint the rows are stacked
 * cards, each cell a line led by its column's name (data-label), so nothing needs to scroll sideways at 375 px.
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
    <Table data-testid="monitored-entities" className="max-md:block">
      <caption className="sr-only">{t("monitoring.title")}</caption>
      <TableHeader className="max-md:sr-only">
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
      <TableBody className="max-md:block">
        {entities.map((entity) => (
          <TableRow key={entity.id} data-testid="monitored-entity" className="max-md:block max-md:py-2">
            <TableCell className="min-w-36 max-md:block max-md:py-1.5">
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
              <EntitySubjectDetails entity={entity} />
            </TableCell>
            <TableCell className={STACKED} data-label={t("monitoring.column.type")}>
              {entity.entityType === "company" ? t("search.company") : t("search.person")}
            </TableCell>
            <TableCell className={STACKED} data-label={t("monitoring.column.risk")}>
              <EntityRisk entity={entity} />
            </TableCell>
            <TableCell className={STACKED} data-label={t("monitoring.column.review")}>
              <EntityReview entity={entity} />
            </TableCell>
            <TableCell className={STACKED} data-label={t("monitoring.column.frequency")} data-testid="entity-frequency">
              {t(`monitoring.frequency.${entity.frequency}`)}
            </TableCell>
            <TableCell className={STACKED} data-label={t("monitoring.column.lastChecked")} data-testid="entity-last-checked">
              {entity.lastChecked ? <When value={entity.lastChecked} /> : t("monitoring.notChecked")}
            </TableCell>
            <TableCell className={STACKED} data-label={t("monitoring.column.nextCheck")} data-testid="entity-next-check">
              <NextCheck entity={entity} />
            </TableCell>
            <TableCell className={cn(STACKED, "text-xs md:max-w-64 md:min-w-36")} data-label={t("monitoring.column.changes")} data-testid="entity-changes">
              {entity.hasChanges && (
                <div className="grid gap-1">
                  <ChangeLines entity={entity} />
                  <AlertReason entity={entity} />
                </div>
              )}
            </TableCell>
            <TableCell className={STACKED} data-label={t("monitoring.column.status")}>
              <EntityStatusBadge entity={entity} />
            </TableCell>
            {showAddedBy && (
              <TableCell className={cn(STACKED, "wrap-anywhere")} data-label={t("team.madeBy")} data-testid="entity-added-by">
                {entity.createdBy.name ?? t("history.formerMember")}
              </TableCell>
            )}
            <TableCell className={cn(STACKED, "px-2 text-right max-md:before:hidden max-md:justify-end")}>
              <EntityActions entity={entity} onRemove={() => onRemove(entity)} changes={mayChange(entity)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A cell as a line of a stacked card under md: its column's name (data-label) on the left, its content on the right,
 * wrapping rather than overflowing.
 */
const STACKED =
  "max-md:flex max-md:items-start max-md:justify-between max-md:gap-4 max-md:py-1.5 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)] max-md:[&>*]:min-w-0";

/** What else is known of the subject: birth date, nationality, how many identifiers, and the client's reference. */
function EntitySubjectDetails({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  const parts = [
    entity.birthDate && t("monitoring.details.born", { date: entity.birthDate }),
    entity.nationality,
    entity.identifiers.length > 0 && t("monitoring.details.identifiers", { count: entity.identifiers.length }),
    entity.customerRef && t("monitoring.details.ref", { ref: entity.customerRef }),
  ].filter((part): part is string => !!part);
  if (parts.length === 0) return null;
  return (
    <div className="text-xs wrap-anywhere text-muted-foreground" data-testid="entity-details">
      {parts.join(" · ")}
    </div>
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
