import { identifierKindLabel } from "@duecheck/react/views/search/match-evidence";
import { useTranslation } from "react-i18next";
import type { MonitoredEntityView } from "../../../lib/monitoring/schemas.ts";
import { EntityReview, EntityRisk } from "./entity-check-cells";

/**
 * The entry at a glance on its own page: its risk (the level its decisions leave beside the screening's own, as in the
 * table), its review, and what else is known of the subject (birth date, nationality, identifiers, the client's reference).
 */
export function EntityOverview({ entity }: { entity: MonitoredEntityView }) {
  const { t } = useTranslation();
  const details: [string, string][] = [];
  if (entity.birthDate) details.push([t("search.details.birthDate"), entity.birthDate]);
  if (entity.nationality) details.push([t("search.details.nationality"), entity.nationality]);
  for (const identifier of entity.identifiers) details.push([identifierKindLabel(t, identifier.kind), identifier.value]);
  if (entity.customerRef) details.push([t("monitoring.details.customerRef"), entity.customerRef]);
  return (
    <section className="flex flex-wrap items-start gap-x-8 gap-y-3 text-sm" aria-label={t("monitoring.riskLevel")} data-testid="entity-overview">
      <div className="grid gap-1">
        <span className="text-xs font-medium text-muted-foreground">{t("monitoring.column.risk")}</span>
        <EntityRisk entity={entity} />
      </div>
      <div className="grid gap-1">
        <span className="text-xs font-medium text-muted-foreground">{t("monitoring.column.review")}</span>
        <EntityReview entity={entity} />
      </div>
      {details.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="entity-overview-details">
          {details.map(([label, value]) => (
            <div key={`${label}:${value}`} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
