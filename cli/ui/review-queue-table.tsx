/** The table of `duecheck review list`, locally and against a server (no database import: remote runs load it). */
import type { ReviewQueueItemView } from "../../lib/review/contract.ts";
import type { Words } from "../language.ts";
import { minute } from "../options.ts";
import { Table } from "./table.tsx";

/** One queue item as the table reads it: the view of lib/review, or the public API's. */
type Row = Pick<
  ReviewQueueItemView,
  "createdAt" | "searchTerm" | "entityType" | "riskLevel" | "source" | "status" | "openHits" | "awaitingApproval" | "owner" | "assignee" | "searchId"
>;

export function ReviewQueueTable({ items, shown }: { items: Row[]; shown: Words }) {
  const { t, labels } = shown;
  const q = t.review.queueColumns;
  return (
    <Table
      rows={items}
      empty={t.review.queueEmpty}
      columns={[
        { header: q.date, value: (i) => minute(i.createdAt) },
        { header: q.name, value: (i) => i.searchTerm },
        { header: q.type, value: (i) => labels.entity[i.entityType] },
        { header: q.risk, value: (i) => (i.riskLevel ? t.levels[i.riskLevel] : "-") },
        { header: q.source, value: (i) => t.review.sources[i.source] },
        { header: q.status, value: (i) => t.review.statuses[i.status] },
        { header: q.openHits, value: (i) => String(i.openHits) },
        { header: q.awaitingApproval, value: (i) => String(i.awaitingApproval) },
        { header: q.owner, value: (i) => i.owner.email },
        { header: q.assignee, value: (i) => i.assignee?.name ?? "-" },
        { header: q.id, value: (i) => i.searchId },
      ]}
    />
  );
}
