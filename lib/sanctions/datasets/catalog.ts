import anyAscii from "any-ascii";
import { and, asc, eq, isNull, like, or } from "drizzle-orm";
import { type DbOrTx, schema } from "../../../data/db.ts";
import type { DatasetSourceFile } from "../../../data/schema/sanctions.ts";
import { type AuditActor, actorFields, recordAudit } from "../../audit/record.ts";
import { AppError } from "../../errors.ts";
import { assertOutgoingUrlAllowed } from "../../outgoing/policy.ts";
import type { DatasetView } from "../contract.ts";
import type { DatasetFormat } from "../parsers/index.ts";
import { publishedDates } from "./published-dates.ts";
import { DEFAULT_DOWNLOAD_FREQUENCY_HOURS, OFFICIAL_DATASETS } from "./registry.ts";
import type { AddDatasetInput, SourceFileInput, UpdateDatasetInput } from "./schemas.ts";
import { recentVersions } from "./versions.ts";

export type DatasetRow = typeof schema.sanctionsDatasets.$inferSelect;

export type { DatasetView };

/** An installation list: an organisation's watchlist is none (lib/watchlists reaches those, within their organisation). */
export async function findDataset(db: DbOrTx, id: string): Promise<DatasetRow | null> {
  const [row] = await db
    .select()
    .from(schema.sanctionsDatasets)
    .where(and(eq(schema.sanctionsDatasets.id, id), isNull(schema.sanctionsDatasets.organisationId)));
  return row ?? null;
}

export async function getDataset(db: DbOrTx, id: string): Promise<DatasetRow> {
  const row = await findDataset(db, id);
  if (!row) throw new AppError(404, `No dataset with id ${id}`);
  return row;
}

export async function listDatasets(db: DbOrTx): Promise<DatasetView[]> {
  const rows = await datasetsInOrder(db);
  const versions = await recentVersions(
    db,
    rows.map((r) => r.id),
  );
  const published = await publishedOfShown(db, rows, versions);
  return rows.map((row) =>
    toView(
      row,
      versions.filter((v) => v.datasetId === row.id),
      published,
    ),
  );
}

/** The official datasets in registry order, then the custom ones in the order they were added; never an organisation's watchlist. */
export async function datasetsInOrder(db: DbOrTx): Promise<DatasetRow[]> {
  const rows = await db
    .select()
    .from(schema.sanctionsDatasets)
    .where(isNull(schema.sanctionsDatasets.organisationId))
    .orderBy(asc(schema.sanctionsDatasets.createdAt), asc(schema.sanctionsDatasets.id));
  const official = (id: string) => {
    const i = OFFICIAL_DATASETS.findIndex((d) => d.id === id);
    return i < 0 ? OFFICIAL_DATASETS.length : i;
  };
  return rows.sort((a, b) => Number(a.custom) - Number(b.custom) || official(a.id) - official(b.id));
}

export async function datasetView(db: DbOrTx, id: string): Promise<DatasetView> {
  const row = await getDataset(db, id);
  const versions = await recentVersions(db, [id]);
  return toView(row, versions, await publishedOfShown(db, [row], versions));
}

/** The publisher's dates of the versions a view shows (./published-dates.ts). */
function publishedOfShown(db: DbOrTx, rows: DatasetRow[], versions: Awaited<ReturnType<typeof recentVersions>>) {
  const format = new Map(rows.map((r) => [r.id, r.format]));
  const shown = rows.flatMap((row) => versions.filter((v) => v.datasetId === row.id).slice(0, SHOWN_VERSIONS));
  return publishedDates(
    db,
    shown.map((v) => ({ id: v.id, format: format.get(v.datasetId) ?? "" })),
  );
}

/** The current version and at most three kept older ones. */
const SHOWN_VERSIONS = 4;

function toView(row: DatasetRow, versions: Awaited<ReturnType<typeof recentVersions>>, published: Map<string, string>): DatasetView {
  const status = row.lastDownloadStatus;
  return {
    id: row.id,
    source_name: row.sourceName,
    dataset_type: row.datasetType,
    format: row.format,
    url: row.urls[0]?.url ?? null,
    urls: row.urls,
    custom: row.custom,
    enabled: row.enabled,
    auto_download: row.autoDownload,
    download_frequency: row.downloadFrequency,
    last_download_status: status === "success" || status === "failed" || status === "downloading" ? status : null,
    last_download_at: row.lastDownloadAt?.toISOString() ?? null,
    last_download_size: row.lastDownloadSize,
    last_download_error: row.lastDownloadError,
    last_failure_kind: row.lastFailureKind === "network" || row.lastFailureKind === "publisher" ? row.lastFailureKind : null,
    next_download_at: row.nextDownloadAt?.toISOString() ?? null,
    metadata: { description: row.metadata.description ?? "" },
    // Ordered current first: the current version and at most three kept older ones.
    recent_versions: versions.slice(0, SHOWN_VERSIONS).map((v) => ({
      id: v.id,
      version_date: v.versionDate.toISOString(),
      // Present only when the files carry the publisher's date.
      ...(published.has(v.id) ? { published_at: published.get(v.id) } : {}),
      is_current: v.isCurrent,
      retention_reason: v.retentionReason,
      entity_count: v.entityCount,
      file_size: v.fileSize,
    })),
  };
}

/** The name a URL's file goes by when none is given: the last path segment. */
function nameFromUrl(url: string, position: number): string {
  const segment = decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).pop() ?? "");
  return segment && segment !== "." && segment !== ".." ? segment : `file${position + 1}`;
}

/**
 * The dataset's files after a change of URLs. A file given without a name keeps the name of the file in the same
 * position when the number of files is unchanged (a mirror of the same files), else takes its URL's last segment.
 */
export function resolveSourceFiles(input: SourceFileInput[], existing: DatasetSourceFile[]): DatasetSourceFile[] {
  const sameShape = input.length === existing.length;
  const files = input.map((file, i) => ({
    name: file.name ?? (sameShape ? existing[i].name : nameFromUrl(file.url, i)),
    url: file.url,
  }));
  const names = files.map((f) => f.name.toLowerCase());
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new AppError(400, `Two files are named ${duplicate}; give each URL a distinct name`);
  return files;
}

/** A dataset id made from a name: lower-case ASCII words joined by underscores. */
export function slugify(name: string): string {
  const slug = anyAscii(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60)
    .replace(/_+$/, "");
  return slug || "dataset";
}

/** A download URL follows the rules of every outgoing request; one that the download would refuse is refused now. */
async function assertUrlsAllowed(db: DbOrTx, files: { url: string }[]) {
  for (const file of files) await assertOutgoingUrlAllowed(db, file.url);
}

/** Adds a custom dataset (downloaded with the others) and audits it as added by the actor, with its source. */
export async function addCustomDataset(db: DbOrTx, input: AddDatasetInput, actor: AuditActor): Promise<DatasetRow> {
  const files = resolveSourceFiles(input.urls ?? [{ url: input.url! }], []);
  await assertUrlsAllowed(db, files);
  const base = slugify(input.name);
  const taken = new Set(
    (
      await db
        .select({ id: schema.sanctionsDatasets.id })
        .from(schema.sanctionsDatasets)
        .where(or(eq(schema.sanctionsDatasets.id, base), like(schema.sanctionsDatasets.id, `${base}\\_%`)))
    ).map((r) => r.id),
  );
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  const [row] = await db
    .insert(schema.sanctionsDatasets)
    .values({
      id,
      sourceName: input.name,
      datasetType: input.type,
      format: input.format satisfies DatasetFormat,
      urls: files,
      custom: true,
      autoDownload: input.auto_download ?? true,
      downloadFrequency: input.download_frequency ?? DEFAULT_DOWNLOAD_FREQUENCY_HOURS,
      metadata: { description: input.description ?? "" },
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, `A dataset with id ${id} was added at the same moment; try again`);
  await recordAudit(db, {
    action: "dataset.added",
    ...actorFields(actor),
    targetType: "sanctions_dataset",
    targetId: row.id,
    details: { name: row.sourceName, type: row.datasetType, format: row.format, urls: row.urls },
  });
  return row;
}

/** Changes a dataset's URLs or download schedule, and audits it with all three settings before and after. */
export async function updateDataset(db: DbOrTx, id: string, input: UpdateDatasetInput, actor: AuditActor): Promise<DatasetRow> {
  const before = await getDataset(db, id);
  const after = await applyDatasetUpdate(db, before, input);
  const settings = (row: DatasetRow) => ({ urls: row.urls, autoDownload: row.autoDownload, downloadFrequency: row.downloadFrequency });
  await recordAudit(db, {
    action: "dataset.updated",
    ...actorFields(actor),
    targetType: "sanctions_dataset",
    targetId: before.id,
    details: { before: settings(before), after: settings(after) },
  });
  return after;
}

/** Points a dataset at other URLs (a mirror): the audit entry holds the URLs alone, the one setting this changes. */
export async function setDatasetUrls(db: DbOrTx, id: string, urls: SourceFileInput[], actor: AuditActor): Promise<DatasetRow> {
  const before = await getDataset(db, id);
  const after = await applyDatasetUpdate(db, before, { urls });
  await recordAudit(db, {
    action: "dataset.updated",
    ...actorFields(actor),
    targetType: "sanctions_dataset",
    targetId: before.id,
    details: { before: { urls: before.urls }, after: { urls: after.urls } },
  });
  return after;
}

async function applyDatasetUpdate(db: DbOrTx, row: DatasetRow, input: UpdateDatasetInput): Promise<DatasetRow> {
  const urlInput = input.urls ?? (input.url !== undefined ? [{ url: input.url }] : undefined);
  if (urlInput) await assertUrlsAllowed(db, urlInput);
  const [updated] = await db
    .update(schema.sanctionsDatasets)
    .set({
      ...(urlInput ? { urls: resolveSourceFiles(urlInput, row.urls) } : {}),
      ...(input.auto_download !== undefined ? { autoDownload: input.auto_download } : {}),
      ...(input.download_frequency !== undefined ? { downloadFrequency: input.download_frequency } : {}),
    })
    .where(eq(schema.sanctionsDatasets.id, row.id))
    .returning();
  return updated;
}
