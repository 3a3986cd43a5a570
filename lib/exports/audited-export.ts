/**
 * The bulk exports a signed-in person takes away, each audited before its first row is read: who took it, whose rows
 * (the scope: one user's id, or "all") and what it held.
 */
import type { Db } from "../../data/db.ts";
import { type AuditActor, actorFields, recordAudit } from "../audit/record.ts";
import { type HistoryExportRequest, historyExport } from "./history-export.ts";
import { type PortfolioExportRequest, portfolioExport } from "./portfolio-export.ts";

async function auditExport(db: Db, action: string, actor: AuditActor, userId: string | undefined, details: Record<string, unknown>) {
  await recordAudit(db, { action, ...actorFields(actor), targetType: "user", targetId: userId, details: { ...details, scope: userId ?? "all" } });
}

export async function auditedHistoryExport(db: Db, actor: AuditActor, request: HistoryExportRequest): Promise<ReadableStream<Uint8Array>> {
  await auditExport(db, "searches.exported", actor, request.userId, { from: request.from, to: request.to, format: request.format });
  return historyExport(db, request);
}

export async function auditedPortfolioExport(db: Db, actor: AuditActor, request: PortfolioExportRequest): Promise<ReadableStream<Uint8Array>> {
  await auditExport(db, "monitoring.exported", actor, request.userId, { format: request.format });
  return portfolioExport(db, request);
}
