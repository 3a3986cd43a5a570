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
  await recordAudits(db, [entry]);
}

/** Rows a statement appends: 8 parameters each, well under the 65,534 a statement may carry. */
export const AUDIT_ROWS_PER_STATEMENT = 2000;

/**
 * Appends records in their order, in one statement for up to AUDIT_ROWS_PER_STATEMENT of them (a batch's new cases
 * write thousands). The chain stays one line: the linking trigger runs for each row in turn, and each run sees the
 * rows the statement linked before it, so the records are chained in the order given, exactly as one statement each
 * would.
 */
export async function recordAudits(db: DbOrTx, entries: readonly AuditEntry[]) {
  for (let i = 0; i < entries.length; i += AUDIT_ROWS_PER_STATEMENT) await auditAppend(db, entries.slice(i, i + AUDIT_ROWS_PER_STATEMENT));
}

/**
 * The statement appending the records (at most AUDIT_ROWS_PER_STATEMENT), not yet run: a caller writing other rows
 * with them sends both in one statement (a data-modifying WITH), one round trip instead of two.
 */
export function auditAppend(db: DbOrTx, entries: readonly AuditEntry[]) {
  return db.insert(schema.auditLog).values(
    entries.map((entry) => ({
      action: entry.action,
      actorKind: entry.actorKind,
      actorUserId: entry.actorUserId ?? null,
      targetType: entry.targetType,
      targetId: entry.targetId,
      ipAddress: entry.ipAddress ?? null,
      details: entry.actorKind === "cli" ? { ...entry.details, ...cliOperator() } : entry.details,
      organisationId: entry.organisationId ?? null,
    })),
  );
}
