/**
 * The search history by date range as CSV or Excel: term, type, date, risk, review status, the reasons of the
 * decisions in effect, and the lists screened with their versions. One user's rows, or (admins and auditors) every
 * user's. Rows are read a page at a time by a cursor, oldest first, as the file is written.
 */
import { and, asc, eq, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { type Cursor, cursorKey, oldestFirst } from "../paging.ts";
import { reportLabels } from "../reports/i18n.ts";
import type { Decision, DecisionReason, ReviewStatus } from "../review/contract.ts";
import type { RiskLevel } from "../screening/results.ts";
import type { ReportLanguage } from "../screening/summary/phrasebook.ts";
import type { BulkExportFormat } from "./contract.ts";
import { type Column, tableFile } from "./table-file.ts";

/** Rows read per query. */
export const EXPORT_PAGE_ROWS = 1000;

export interface HistoryExportRequest {
  /** One user's rows; undefined: every user's. */
  userId?: string;
  /**
   * Searches their owners deleted too, marked (admins' and auditors' exports); a user's own export leaves them out,
   * as their history does.
   */
  includeHidden?: boolean;
  /** YYYY-MM-DD, both included, in UTC. */
  from: string;
  to: string;
  format: BulkExportFormat;
  language: ReportLanguage;
  pageRows?: number;
}

const s = schema.searches;
const keyset = { createdAt: s.createdAt, id: s.id };

interface DatasetVersion {
  name: string;
  versionDate: string;
}

async function readPage(db: Db, request: HistoryExportRequest, limit: number, cursor: Cursor | undefined) {
  const end = new Date(`${request.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const where: SQL | undefined = and(
    request.userId ? eq(s.userId, request.userId) : undefined,
    request.includeHidden ? undefined : isNull(s.hiddenAt),
    gte(s.createdAt, new Date(`${request.from}T00:00:00Z`)),
    lt(s.createdAt, end),
    cursor ? sql`(${s.createdAt}, ${s.id}) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
  );
  return db
    .select({
      id: s.id,
      createdAt: s.createdAt,
      cursorKey: cursorKey(keyset),
      owner: schema.users.email,
      searchTerm: s.searchTerm,
      entityType: s.entityType,
      status: s.status,
      riskLevel: s.riskLevel,
      reviewStatus: s.reviewStatus,
      hiddenAt: s.hiddenAt,
      // Only the lists of the stored results, never the results whole.
      datasets: sql<DatasetVersion[] | null>`jsonb_path_query_array(${s.results}, '$.datasetsUsed[*]')`,
      datasetsDisabled: sql<{ name: string }[] | null>`jsonb_path_query_array(${s.results}, '$.datasetsDisabled[*]')`,
    })
    .from(s)
    .innerJoin(schema.users, eq(schema.users.id, s.userId))
    .where(where)
    .orderBy(...oldestFirst(keyset))
    .limit(limit);
}

type StoredRow = Awaited<ReturnType<typeof readPage>>[number];
export interface HistoryExportRow extends StoredRow {
  decisions: { hitLabel: string; decision: Decision; reason: DecisionReason }[];
}

/** The decisions in effect (decided at once, or approved) on the page's searches, in the order they were taken. */
async function decisionsOf(db: Db, ids: string[]) {
  const d = schema.hitDecisions;
  const rows = ids.length
    ? await db
        .select({ searchId: d.searchId, hitLabel: d.hitLabel, decision: d.decision, reason: d.reason })
        .from(d)
        .where(and(inArray(d.searchId, ids), inArray(d.state, ["decided", "approved"])))
        .orderBy(asc(d.decidedAt))
    : [];
  const bySearch = new Map<string, HistoryExportRow["decisions"]>();
  for (const row of rows) {
    const list = bySearch.get(row.searchId) ?? [];
    list.push({ hitLabel: row.hitLabel, decision: row.decision as Decision, reason: row.reason as DecisionReason });
    bySearch.set(row.searchId, list);
  }
  return bySearch;
}

/** The rows, a page at a time; the next page is read when the writer asks for it. */
export async function* historyPages(db: Db, request: HistoryExportRequest): AsyncGenerator<HistoryExportRow[]> {
  const limit = request.pageRows ?? EXPORT_PAGE_ROWS;
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await readPage(db, request, limit, cursor);
    if (rows.length === 0) return;
    const decisions = await decisionsOf(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((row) => ({ ...row, decisions: decisions.get(row.id) ?? [] }));
    if (rows.length < limit) return;
    const last = rows[rows.length - 1];
    cursor = { createdAt: last.cursorKey, id: last.id };
  }
}

export function historyColumns(language: ReportLanguage, includeHidden = false): Column<HistoryExportRow>[] {
  const l = reportLabels(language);
  const hidden: Column<HistoryExportRow>[] = includeHidden ? [{ header: l.exports.hidden, width: 22, value: (r) => r.hiddenAt }] : [];
  return [
    { header: l.searchDate, width: 22, value: (r) => r.createdAt },
    { header: l.searchTerm, width: 32, value: (r) => r.searchTerm },
    { header: l.entityType, width: 12, value: (r) => l.entity[r.entityType] },
    { header: l.exports.owner, width: 28, value: (r) => r.owner },
    { header: l.riskLevel, width: 14, value: (r) => (r.riskLevel ? l.risk[r.riskLevel as RiskLevel] : l.batch.statuses[r.status]) },
    { header: l.review.status, width: 16, value: (r) => l.review.statuses[r.reviewStatus as ReviewStatus] ?? r.reviewStatus },
    {
      header: l.exports.decisionReasons,
      width: 48,
      value: (r) => r.decisions.map((d) => `${d.hitLabel}: ${l.review.decisions[d.decision]} (${l.review.reasons[d.reason]})`).join("; "),
    },
    { header: l.exports.datasets, width: 48, value: (r) => (r.datasets ?? []).map((d) => `${d.name} (${d.versionDate.slice(0, 10)})`).join("; ") },
    { header: l.exports.datasetsDisabled, width: 32, value: (r) => (r.datasetsDisabled ?? []).map((d) => d.name).join("; ") },
    ...hidden,
    { header: l.searchId, width: 38, value: (r) => r.id },
  ];
}

export function historyExport(db: Db, request: HistoryExportRequest): ReadableStream<Uint8Array> {
  return tableFile(
    request.format,
    reportLabels(request.language).exports.historySheet,
    historyColumns(request.language, request.includeHidden),
    historyPages(db, request),
  );
}

/** "duecheck-history-2025-01-01-2025-01-31.csv" */
export const historyFileName = (request: Pick<HistoryExportRequest, "from" | "to" | "format">) =>
  `duecheck-history-${request.from}-${request.to}.${request.format}`;
