/** The table of `duecheck monitor list`, locally and against a server (no database import: remote runs load it). */
import type { MonitoredListItem } from "../../lib/monitoring/schemas.ts";
import type { Words } from "../language.ts";
import { minute } from "../options.ts";
import { reviewWord, riskWord, statusWord } from "./monitor-words.ts";
import { Table } from "./table.tsx";

/** One monitored entity as the table reads it: the view of lib/monitoring, or the public API's. */
type Row = Pick<
  MonitoredListItem,
  | "id"
  | "searchTerm"
  | "entityType"
  | "frequency"
  | "status"
  | "waitingFor"
  | "checkState"
  | "riskLevel"
  | "reviewStatus"
  | "openHits"
  | "lastChecked"
  | "nextCheck"
  | "hasChanges"
  | "source"
  | "createdBy"
>;

/** With `team`, who added each entity. */
export function MonitorTable({ entities, team, shown }: { entities: Row[]; team: boolean; shown: Words }) {
  const { t, labels } = shown;
  return (
    <Table
      rows={entities}
      empty={t.monitor.empty}
      columns={[
        { header: t.monitor.columns.name, value: (e) => e.searchTerm },
        { header: t.monitor.columns.type, value: (e) => labels.entity[e.entityType] },
        { header: t.monitor.columns.risk, value: (e) => riskWord(e, shown) },
        { header: t.monitor.columns.review, value: (e) => reviewWord(e, shown) },
        { header: t.monitor.columns.frequency, value: (e) => t.monitor.frequencies[e.frequency] },
        { header: t.monitor.columns.status, value: (e) => statusWord(e, shown) },
        { header: t.monitor.columns.lastChecked, value: (e) => minute(e.lastChecked) },
        { header: t.monitor.columns.nextCheck, value: (e) => (e.status === "active" ? minute(e.nextCheck) : "-") },
        { header: t.monitor.columns.changes, value: (e) => (e.hasChanges ? t.monitor.newChanges : "-") },
        { header: t.monitor.columns.source, value: (e) => t.monitor.sources[e.source] },
        ...(team ? [{ header: t.history.columns.by, value: (e: Row) => e.createdBy.name ?? "-" }] : []),
        { header: t.monitor.columns.id, value: (e) => e.id },
      ]}
    />
  );
}
