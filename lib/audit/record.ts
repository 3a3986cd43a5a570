import { hostname, userInfo } from "node:os";
import { type DbOrTx, schema } from "../../data/db.ts";

export type ActorKind = "user" | "admin" | "cli" | "system" | "api_key" | "anonymous";

/**
 * Who makes an audited change: a signed-in user or admin (with the client's address), an API key's owner, the CLI or
 * the system. A lib function that changes something takes one and writes the entry itself, so each interface
 * (server/, cli/) says only who is acting and every caller's entry is written the same way.
 */
export interface AuditActor {
  kind: ActorKind;
  userId?: string | null;
  ipAddress?: string | null;
}

/** The actor fields of an entry, from the actor. */
export const actorFields = (actor: AuditActor) => ({ actorKind: actor.kind, actorUserId: actor.userId ?? null, ipAddress: actor.ipAddress ?? null });

export interface AuditEntry {
  action: string;
  actorKind: ActorKind;
  actorUserId?: string | null;
  targetType?: string;
  targetId?: string;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
  /**
   * The organisation the entry belongs to, where the target cannot tell it (a record already gone). Otherwise the
   * database files it (migration 0025's audit_log_organisation_of): the target's organisation, else the acting member's.
   */
  organisationId?: string | null;
}

/**
 * Who ran the command, for entries the CLI writes (only the CLI acts as "cli"): the operating-system account and the
 * machine, since the command line has no signed-in user. Read each time: cheap, and a test can change it.
 */
export function cliOperator(): { osUser: string; host: string } {
  let osUser: string;
  try {
    osUser = userInfo().username;
  } catch {
    // A container user without a passwd entry has no name: the environment's is the best left.
    osUser = process.env.USER ?? process.env.LOGNAME ?? `uid ${process.getuid?.() ?? "?"}`;
  }
  return { osUser, host: hostname() };
}

/**
 * Appends one record to the audit log. A trigger refuses any change to past records and another links the new one
 * into the hash chain (lib/audit/chain.ts).
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry) {
  const details = entry.actorKind === "cli" ? { ...entry.details, ...cliOperator() } : entry.details;
  await db.insert(schema.auditLog).values({
    action: entry.action,
    actorKind: entry.actorKind,
    actorUserId: entry.actorUserId ?? null,
    targetType: entry.targetType,
    targetId: entry.targetId,
    ipAddress: entry.ipAddress ?? null,
    details,
    organisationId: entry.organisationId ?? null,
  });
}
