/**
 * Viewing a monitored entity's changes (the report page, its PDF, the CLI's `monitor changes`): every member who
 * reads the entity (lib/monitoring/entities.ts).
 * Viewing leaves the alert (hasChanges) open: it stays open until it is decided, acknowledged or dismissed
 * (alerts.ts). The changes stay until a later check finds new ones.
 */
import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { monitoringChangesPath } from "../app-links.ts";
import { fileSlug } from "../reports/file-name.ts";
import { buildChangesPdf } from "../reports/monitoring/changes-pdf.ts";
import { isReportLanguage, type ReportLanguage } from "../screening/summary/phrasebook.ts";
import type { SearchReader } from "../screening/visibility.ts";
import { entityView, getMonitoredEntity, type MonitoredEntityRow } from "./entities.ts";
import type { MonitoredEntityView, MonitoringChanges } from "./schemas.ts";

export interface EntityChanges {
  entity: MonitoredEntityView;
  changes: MonitoringChanges | null;
}

/** The page the web shows the changes on (POST /api/monitoring/entities/{id}/report answers it). */
export const changesPageUrl = monitoringChangesPath;

/** The entity (one the member reads) and what its last check that changed something found. 404 as getMonitoredEntity. */
export async function viewChanges(db: Db, reader: SearchReader, id: string): Promise<EntityChanges> {
  return changesOf(db, await getMonitoredEntity(db, reader, id));
}

async function changesOf(db: Db, row: MonitoredEntityRow): Promise<EntityChanges> {
  return { entity: await entityView(db, row), changes: (row.changes as MonitoringChanges | null) ?? null };
}

/**
 * The changes as a PDF: its owner is the member who added the entity, its words the report language of the member
 * who downloads it (or `language`).
 */
export async function changesPdf(db: Db, reader: SearchReader, id: string, language?: ReportLanguage, now = new Date()) {
  const row = await getMonitoredEntity(db, reader, id);
  const viewed = await changesOf(db, row);
  const person = { fullName: schema.users.fullName, email: schema.users.email, reportLanguage: schema.users.reportLanguage };
  const [[owner], [downloader]] = await Promise.all([
    db.select(person).from(schema.users).where(eq(schema.users.id, row.userId)),
    db.select(person).from(schema.users).where(eq(schema.users.id, reader.id)),
  ]);
  const shown = language ?? (isReportLanguage(downloader?.reportLanguage) ? downloader.reportLanguage : "en");
  const body = await buildChangesPdf({ ...viewed, owner: { fullName: owner.fullName, email: owner.email }, language: shown, generatedAt: now });
  return { body, fileName: `duecheck-monitoring-${fileSlug(viewed.entity.searchTerm) || "entity"}-${now.toISOString().slice(0, 10)}.pdf` };
}
