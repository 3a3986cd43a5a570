/**
 * The audit log's matching entries as CSV (RFC 4180, UTF-8 with a byte-order mark, the batch exports' cell rules),
 * streamed a chunk of entries at a time as the reader asks, so a log of millions of entries is never held whole.
 * Column names stay English: the file is evidence for whoever reads it, in the log's own words.
 */
import type { Db } from "../../data/db.ts";
import { csvField } from "../reports/batch/batch-csv.ts";
import type { AuditEntryView, AuditFilter, AuditScope } from "./contract.ts";
import { auditEntryChunks } from "./list.ts";

const COLUMNS: [string, (e: AuditEntryView) => string | number | null][] = [
  ["id", (e) => e.id],
  ["at", (e) => e.at],
  ["actor_kind", (e) => e.actorKind],
  ["actor_user_id", (e) => e.actorUserId],
  ["actor_email", (e) => e.actorEmail],
  ["action", (e) => e.action],
  ["target_type", (e) => e.targetType],
  ["target_id", (e) => e.targetId],
  ["target_email", (e) => e.targetEmail],
  ["ip_address", (e) => e.ipAddress],
  ["details", (e) => (e.details === null || e.details === undefined ? null : JSON.stringify(e.details))],
  ["organisation_id", (e) => e.organisationId],
];

const line = (cells: (string | number | null)[]) => `${cells.map(csvField).join(",")}\r\n`;

export const auditCsvFileName = (now: Date) => `duecheck-audit-${now.toISOString().slice(0, 10)}.csv`;

export function auditCsv(db: Db, filter: AuditFilter, options: { chunk?: number; scope?: AuditScope } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = auditEntryChunks(db, filter, options.chunk, options.scope);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`\uFEFF${line(COLUMNS.map(([name]) => name))}`));
        return;
      }
      const next = await chunks.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((e) => line(COLUMNS.map(([, value]) => value(e)))).join("")));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
