import { and, desc, eq, gte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../../data/db.ts";

export interface AuditLogEntry {
  id: number;
  at: string;
  actorKind: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** The target user's email when the target is a user. */
  targetEmail: string | null;
  ipAddress: string | null;
  details: unknown;
}

/** The audit log, newest first, optionally since a moment and of one actor. */
export async function listAuditEntries(db: Db, options: { limit: number; since?: Date; actorUserId?: string }): Promise<AuditLogEntry[]> {
  const a = schema.auditLog;
  const actor = alias(schema.users, "actor");
  const target = alias(schema.users, "target");
  const rows = await db
    .select({
      id: a.id,
      at: a.at,
      actorKind: a.actorKind,
      actorUserId: a.actorUserId,
      actorEmail: actor.email,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      targetEmail: target.email,
      ipAddress: a.ipAddress,
      details: a.details,
    })
    .from(a)
    .leftJoin(actor, eq(actor.id, a.actorUserId))
    .leftJoin(target, and(eq(a.targetType, "user"), eq(sql`${target.id}::text`, a.targetId)))
    .where(and(options.since ? gte(a.at, options.since) : undefined, options.actorUserId ? eq(a.actorUserId, options.actorUserId) : undefined))
    .orderBy(desc(a.at), desc(a.id))
    .limit(options.limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
