/**
 * Viewing a monitored entity's changes (the report page, its PDF, the CLI's `monitor changes`): the owner only.
 * Viewing leaves the alert (hasChanges) open: it stays open until it is decided, acknowledged or dismissed
 * (alerts.ts). The changes stay until a later check finds new ones.
 */
import { eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { monitoringChangesPath } from "../app-links.ts";
import { fileSlug } from "../reports/file-name.ts";
import { buildChangesPdf } from "../reports/monitoring/changes-pdf.ts";
import { isReportLanguage, type ReportLanguage } from "../screening/summary/phrasebook.ts";
import { entityView, getMonitoredEntity } from "./entities.ts";
import type { MonitoredEntityView, MonitoringChanges } from "./schemas.ts";

export interface EntityChanges {
  entity: MonitoredEntityView;
  changes: MonitoringChanges | null;
}

/** The page the web shows the changes on (POST /api/monitoring/entities/{id}/report answers it). */
export const changesPageUrl = monitoringChangesPath;

/** The entity and what its last check that changed something found. 404 as getMonitoredEntity. */
export async function viewChanges(db: Db, userId: string, id: string): Promise<EntityChanges> {
  const row = await getMonitoredEntity(db, userId, id);
  return { entity: await entityView(db, row), changes: (row.changes as MonitoringChanges | null) ?? null };
}

/** The changes as a PDF in the owner's report language (or `language`). */
export async function changesPdf(db: Db, userId: string, id: string, language?: ReportLanguage, now = new Date()) {
  const viewed = await viewChanges(db, userId, id);
  const [owner] = await db
    .select({ fullName: schema.users.fullName, email: schema.users.email, reportLanguage: schema.users.reportLanguage })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  const shown = language ?? (isReportLanguage(owner.reportLanguage) ? owner.reportLanguage : "en");
  const body = await buildChangesPdf({ ...viewed, owner, language: shown, generatedAt: now });
  return { body, fileName: `duecheck-monitoring-${fileSlug(viewed.entity.searchTerm) || "entity"}-${now.toISOString().slice(0, 10)}.pdf` };
}
