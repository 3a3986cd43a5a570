/**
 * An organisation's case settings (auto-assignment, its per-member cap, hours to due per priority) and a member's
 * availability. Owners and admins (and the instance's admin) change the settings; every member reads them. Each
 * member marks themselves unavailable or back; an auditor changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { canDecide, READ_ONLY_MESSAGE } from "../auth/roles.ts";
import { AppError } from "../errors.ts";
import { canManageMembers } from "../organisations/contract.ts";
import type { CaseActor, CaseReader } from "./access.ts";
import { type AvailabilityView, type CaseSettingsInput, type CaseSettingsView, DEFAULT_DUE_HOURS } from "./contract.ts";

const cs = schema.caseSettings;
const un = schema.caseUnavailableMembers;

export const MANAGE_CASE_SETTINGS_MESSAGE = "Only an organisation's owners and admins change its case settings";

function settingsView(row: typeof cs.$inferSelect | undefined): CaseSettingsView {
  if (!row) return { autoAssign: false, perMemberCap: null, dueHours: { ...DEFAULT_DUE_HOURS } };
  return { autoAssign: row.autoAssign, perMemberCap: row.perMemberCap, dueHours: { sanctions: row.sanctionsHours, pep: row.pepHours, media: row.mediaHours } };
}

/** The organisation's settings; `lock` holds its row until the transaction ends (auto-assignment takes turns on it). */
export async function readCaseSettings(db: DbOrTx, organisationId: string, options: { lock?: boolean } = {}): Promise<CaseSettingsView> {
  const query = db.select().from(cs).where(eq(cs.organisationId, organisationId));
  const [row] = options.lock ? await query.for("update") : await query;
  return settingsView(row);
}

export async function changeCaseSettings(db: Db, actor: CaseActor, input: CaseSettingsInput): Promise<CaseSettingsView> {
  if (actor.role !== "admin" && !canManageMembers(actor.organisationRole)) throw new AppError(403, MANAGE_CASE_SETTINGS_MESSAGE);
  return db.transaction(async (tx) => {
    const before = await readCaseSettings(tx, actor.organisationId, { lock: true });
    const after: CaseSettingsView = {
      autoAssign: input.autoAssign ?? before.autoAssign,
      perMemberCap: input.perMemberCap === undefined ? before.perMemberCap : input.perMemberCap,
      dueHours: { ...before.dueHours, ...input.dueHours },
    };
    // Nothing asked to change: nothing written (not even the defaults' row).
    if (JSON.stringify(after) === JSON.stringify(before)) return before;
    const values = {
      autoAssign: after.autoAssign,
      perMemberCap: after.perMemberCap,
      sanctionsHours: after.dueHours.sanctions,
      pepHours: after.dueHours.pep,
      mediaHours: after.dueHours.media,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(cs)
      .values({ organisationId: actor.organisationId, ...values })
      .onConflictDoUpdate({ target: cs.organisationId, set: values });
    await recordAudit(tx, {
      action: "case.settings_changed",
      actorKind: actor.kind,
      actorUserId: actor.id,
      targetType: "organisation",
      targetId: actor.organisationId,
      ipAddress: actor.ipAddress,
      details: { before, after },
    });
    return after;
  });
}

export async function readAvailability(db: DbOrTx, reader: CaseReader): Promise<AvailabilityView> {
  const [row] = await db.select().from(un).where(eq(un.userId, reader.id));
  return { unavailable: !!row, since: row?.since.toISOString() ?? null };
}

/** Marks the caller away or back. Their open cases stay where they are until someone reassigns them. */
export async function setAvailability(db: Db, actor: CaseActor, unavailable: boolean): Promise<AvailabilityView> {
  if (!canDecide(actor)) throw new AppError(403, READ_ONLY_MESSAGE);
  return db.transaction(async (tx) => {
    const before = await readAvailability(tx, actor);
    if (before.unavailable === unavailable) return before;
    if (unavailable) await tx.insert(un).values({ userId: actor.id, organisationId: actor.organisationId });
    else await tx.delete(un).where(eq(un.userId, actor.id));
    await recordAudit(tx, {
      action: "case.availability_changed",
      actorKind: actor.kind,
      actorUserId: actor.id,
      targetType: "user",
      targetId: actor.id,
      ipAddress: actor.ipAddress,
      details: { before: { unavailable: before.unavailable }, after: { unavailable } },
    });
    return readAvailability(tx, actor);
  });
}
