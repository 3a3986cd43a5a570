import { type DbOrTx, schema } from "../../data/db.ts";

export type ActorKind = "user" | "admin" | "cli" | "system" | "api_key" | "anonymous";

export interface AuditEntry {
  action: string;
  actorKind: ActorKind;
  actorUserId?: string | null;
  targetType?: string;
  targetId?: string;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
}

/** Appends one record to the audit log (a trigger refuses any change to past records). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(schema.auditLog).values({
    action: entry.action,
    actorKind: entry.actorKind,
    actorUserId: entry.actorUserId ?? null,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ipAddress: entry.ipAddress ?? null,
    details: entry.details,
  });
}
