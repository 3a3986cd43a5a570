/**
 * A batch's results as a file (CSV, Excel, the PDF summary) for a member who reads the batch, shared by the HTTP route and the CLI. Rows
 * are read a chunk at a time in the file's order, as the results screen lists them (the searches_batch index), each
 * row's findings counted in the database from its stored results, so memory stays bounded whatever the batch's size.
 * A batch still running can be exported: what has finished is shown, the rest is listed as pending or processing.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, schema } from "../../data/db.ts";
import { afterCursor, type Cursor, cursorKey, oldestFirst } from "../paging.ts";
import { batchCsv } from "../reports/batch/batch-csv.ts";
import { ATTENTION_GROUPS, type BatchAttention, buildBatchPdf } from "../reports/batch/batch-pdf.ts";
import { type BatchReport, type BatchReportRow, batchFileName } from "../reports/batch/batch-report.ts";
import { batchXlsx } from "../reports/batch/batch-xlsx.ts";
import { describeExplanation } from "../reports/explanation.ts";
import type { ReviewStatus } from "../review/contract.ts";
import type { RiskLevel, SanctionsRow, SourceStatus } from "../screening/results.ts";
import { readSearchDetails } from "../screening/schemas.ts";
import { isReportLanguage, type ReportLanguage, sourceName } from "../screening/summary/phrasebook.ts";
import type { SearchReader } from "../screening/visibility.ts";
import { batchRiskCounts, batchView, readBatch } from "./batch-read.ts";
import type { BatchView } from "./schemas.ts";

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: "format must be one of csv, xlsx or pdf" });
export const exportQuerySchema = z.object({ format: exportFormatSchema });

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** Rows read per query. */
const CHUNK_ROWS = 1000;
/** Entities listed in the PDF at most; every row is in the CSV and Excel files. */
export const PDF_ATTENTION_CAP = 2000;

export interface BatchExport {
  batch: BatchView;
  fileName: string;
  contentType: string;
  /** Produced as it is read; an error while reading (the database gone) errors the stream. */
  body: ReadableStream<Uint8Array>;
}

export interface ExportOptions {
  /** The words' language; default the report language of the member who downloads it. */
  language?: ReportLanguage;
  /** The app's public address, for absolute links to each search; relative links without. */
  baseUrl?: string | null;
  chunkRows?: number;
  attentionCap?: number;
}

/**
 * A batch the member reads as a file; another organisation's, an unknown or a malformed id are 404 before anything is
 * written. The file names the member who made the batch as its owner, in the words of the member who downloads it.
 */
export async function exportBatch(db: Db, reader: SearchReader, batchId: string, format: ExportFormat, options: ExportOptions = {}): Promise<BatchExport> {
  const row = await readBatch(db, reader, batchId);
  const batch = batchView(row);
  const u = schema.users;
  const person = { fullName: u.fullName, email: u.email, reportLanguage: u.reportLanguage };
  const [[owner], [downloader]] = await Promise.all([
    db.select(person).from(u).where(eq(u.id, row.userId)),
    db.select(person).from(u).where(eq(u.id, reader.id)),
  ]);
  const language = options.language ?? (isReportLanguage(downloader?.reportLanguage) ? downloader.reportLanguage : "en");
  const report: BatchReport = {
    batch,
    owner: { fullName: owner.fullName, email: owner.email },
    language,
    riskCounts: await batchRiskCounts(db, batch.id),
    generatedAt: new Date(),
    baseUrl: options.baseUrl,
  };
  const file = { batch, fileName: batchFileName(batch, format), contentType: CONTENT_TYPES[format] };
  if (format === "pdf") {
    const bytes = await buildBatchPdf(report, await readAttention(db, report, options.attentionCap ?? PDF_ATTENTION_CAP));
    return { ...file, body: new Blob([bytes as Uint8Array<ArrayBuffer>]).stream() };
  }
  const rows = allRows(db, batch.id, language, options.chunkRows ?? CHUNK_ROWS);
  return { ...file, body: format === "csv" ? batchCsv(report, rows) : batchXlsx(report, rows) };
}

const s = schema.searches;
const keyset = { createdAt: s.createdAt, id: s.id };
const results = s.results;
// Searches stored before pepListings existed keep their PEP listings among the media (readResults moves them).
const hasPepListings = sql`(${results} -> 'pepListings') is not null`;
const newsItems = (extra: SQL = sql`true`) =>
  sql<number>`(select count(*)::int from jsonb_array_elements(coalesce(${results} -> 'adverseMedia', '[]'::jsonb)) m
    where (${hasPepListings} or m ->> 'category' is distinct from 'PEP') and ${extra})`;

/** One row per entity, with its findings counted from the stored results instead of reading them whole. */
const rowFields = {
  id: s.id,
  searchTerm: s.searchTerm,
  entityType: s.entityType,
  country: s.country,
  details: s.details,
  customerRef: s.customerRef,
  status: s.status,
  riskLevel: s.riskLevel,
  reviewStatus: s.reviewStatus,
  error: s.error,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  cursorKey: cursorKey(keyset),
  hasResults: sql<boolean>`${results} is not null`,
  matchedLists: sql<Pick<SanctionsRow, "hits" | "entityCount">[] | null>`jsonb_path_query_array(${results}, '$.sanctionsList[*] ? (@.match == true)')`,
  pepListings: sql<number>`case when ${hasPepListings} then jsonb_array_length(${results} -> 'pepListings')
    else (select count(*)::int from jsonb_array_elements(coalesce(${results} -> 'adverseMedia', '[]'::jsonb)) m where m ->> 'category' = 'PEP') end`,
  media: newsItems(),
  negativeMedia: newsItems(sql`m ->> 'isNegative' = 'true'`),
  mediaAnswered: sql<boolean | null>`jsonb_path_exists(${results}, '$.sources[*] ? (@.kind == "media" && @.status == "ok")')`,
  failedSources: sql<SourceStatus[] | null>`jsonb_path_query_array(${results}, '$.sources[*] ? (@.status == "failed" && @.kind != "summary")')`,
};

/**
 * A chunk of rows in the order of the searches_batch index. A batch's rows are often newer than the table's statistics
 * (PGlite never gathers them on its own): the planner then expects a handful of rows and reads and sorts every row left
 * in the batch for each chunk, which made 100,000 rows take half a minute. Walking the index in order never does.
 */
async function readRows(db: Db, batchId: string, where: SQL | undefined, limit: number, cursor?: Cursor) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    return tx
      .select(rowFields)
      .from(s)
      .where(and(eq(s.batchJobId, batchId), where, afterCursor(keyset, cursor, "oldest")))
      .orderBy(...oldestFirst(keyset))
      .limit(limit);
  });
}

type StoredRow = Awaited<ReturnType<typeof readRows>>[number];

function reportRow(row: StoredRow, language: ReportLanguage): BatchReportRow {
  const completed = row.status === "completed" && row.hasResults;
  const ended = row.status === "completed" || row.status === "failed";
  // as the results screen words a list's matches: the matched hits come first in a row
  const matchedHits = (row.matchedLists ?? []).flatMap((list) => list.hits.slice(0, list.entityCount || 1));
  const matchedNames = new Set(matchedHits.map((hit) => hit.name));
  // a short why per listing: which name parts met how (searches stored before explanations have none)
  const matchedWhy = new Map(
    matchedHits.filter((hit) => hit.explanation?.length).map((hit) => [hit.name, `${hit.name} — ${describeExplanation(hit.explanation, language)}`]),
  );
  return {
    searchId: row.id,
    searchTerm: row.searchTerm,
    entityType: row.entityType,
    country: row.country,
    ...rowDetails(row.details),
    customerRef: row.customerRef,
    status: row.status,
    riskLevel: completed ? (row.riskLevel as RiskLevel | null) : null,
    reviewStatus: completed ? (row.reviewStatus as ReviewStatus) : null,
    findings: completed
      ? {
          sanctionsLists: row.matchedLists?.length ?? 0,
          matchedNames: [...matchedNames],
          matchedWhy: [...matchedWhy.values()],
          pepListings: row.pepListings ?? 0,
          media: row.media,
          negativeMedia: row.negativeMedia,
          mediaChecked: row.media > 0 || row.mediaAnswered === true,
        }
      : null,
    notChecked: (row.failedSources ?? []).map((source) => sourceName(source, language)),
    error: row.status === "failed" ? row.error : null,
    createdAt: row.createdAt,
    finishedAt: ended ? row.updatedAt : null,
  };
}

/** The details a row was screened with, one field each, as the results rows carry them. */
function rowDetails(raw: unknown): Pick<BatchReportRow, "birthDate" | "nationality" | "identifiers"> {
  const details = readSearchDetails(raw);
  return { birthDate: details?.birthDate ?? null, nationality: details?.nationality ?? null, identifiers: details?.identifiers ?? [] };
}

/** Every row of the batch, a chunk at a time. */
async function* allRows(db: Db, batchId: string, language: ReportLanguage, chunkRows: number): AsyncGenerator<BatchReportRow[]> {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await readRows(db, batchId, undefined, chunkRows, cursor);
    if (rows.length > 0) yield rows.map((row) => reportRow(row, language));
    const last = rows.at(-1);
    if (!last || rows.length < chunkRows) return;
    cursor = { createdAt: last.cursorKey, id: last.id };
  }
}

/** The PDF's entities that need attention, by group up to the cap, and the sources some rows could not check. */
async function readAttention(db: Db, report: BatchReport, cap: number): Promise<BatchAttention> {
  const batchId = report.batch.id;
  const groups: BatchAttention["groups"] = [];
  let room = cap;
  for (const group of ATTENTION_GROUPS) {
    const where = group === "failed" ? eq(s.status, "failed") : and(eq(s.status, "completed"), eq(s.riskLevel, group));
    const total = group === "failed" ? await db.$count(s, and(eq(s.batchJobId, batchId), where)) : (report.riskCounts[group] ?? 0);
    const rows = room > 0 && total > 0 ? await readRows(db, batchId, where, Math.min(room, total)) : [];
    room -= rows.length;
    groups.push({ group, total, rows: rows.map((row) => reportRow(row, report.language)) });
  }
  return { groups, notChecked: await sourcesNotChecked(db, batchId, report.language) };
}

/** Each source that could not be checked for some of the batch's rows, with how many, most first. */
async function sourcesNotChecked(db: Db, batchId: string, language: ReportLanguage): Promise<BatchAttention["notChecked"]> {
  const rows = await db
    .select({
      source: sql<string>`e ->> 'source'`,
      kind: sql<SourceStatus["kind"]>`e ->> 'kind'`,
      errorCode: sql<SourceStatus["errorCode"] | null>`e ->> 'errorCode'`,
      entities: sql<number>`count(*)::int`,
    })
    .from(sql`${s} cross join lateral jsonb_array_elements(coalesce(${results} -> 'sources', '[]'::jsonb)) e`)
    .where(and(eq(s.batchJobId, batchId), sql`e ->> 'status' = 'failed'`, sql`e ->> 'kind' <> 'summary'`))
    .groupBy(sql`1, 2, 3`);
  // a source failing for different reasons is one line; a row names a source once
  const merged = new Map<string, BatchAttention["notChecked"][number]>();
  for (const row of rows) {
    const name = sourceName({ source: row.source, kind: row.kind, status: "failed", errorCode: row.errorCode ?? undefined }, language);
    const key = `${row.kind}\u0000${name}`;
    const seen = merged.get(key);
    if (seen) seen.entities += row.entities;
    else merged.set(key, { name, kind: row.kind, entities: row.entities });
  }
  return [...merged.values()].sort((a, b) => b.entities - a.entities || a.name.localeCompare(b.name));
}
