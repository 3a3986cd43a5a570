/**
 * Remembered clearances: a false positive decided for one subject and one listing, kept so that later screenings of
 * the same subject (a new search, a batch row, a monitoring check) show the hit as cleared instead of raising it
 * again. A clearance covers the listing only as it was: when the list publishes it with other names, identifiers,
 * programmes or dates, the hit is flagged again and marked as changed since it was cleared. Screening applies them
 * (lib/screening/cleared-hits.ts); they are made, listed and revoked here.
 */
import { and, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ActorKind, recordAudit } from "../audit/record.ts";
import { personName } from "../auth/person-name.ts";
import { readsAdminViews } from "../auth/roles.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { decidesForTeam } from "../organisations/contract.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import { type ScreenedSubject, subjectKey } from "../screening/subject-key.ts";
import type { ReviewMember } from "./access.ts";
import type { ClearanceView, DecisionReason, HitKind } from "./contract.ts";

const c = schema.rememberedClearances;

export interface RememberInput {
  ownerId: string;
  /** The organisation of the search it was decided on: it clears every member's screenings of the subject. */
  organisationId: string;
  subject: ScreenedSubject;
  hit: { kind: HitKind; entityId: string; datasetId: string; label: string; listingFingerprint: string };
  decisionId: string;
  searchId: string;
  reason: DecisionReason;
  text: string | null;
  decidedBy: string | null;
  decidedAt: Date;
}

/** Remembers a false positive that took effect; a live clearance of the same subject and listing is replaced. */
export async function rememberClearance(tx: DbOrTx, input: RememberInput): Promise<string> {
  const key = subjectKey(input.subject);
  await tx
    .update(c)
    .set({ revokedAt: sql`now()`, revokedBy: input.decidedBy, revokeReason: "Replaced by a newer clearance" })
    .where(and(eq(c.organisationId, input.organisationId), eq(c.subjectKey, key), eq(c.entityId, input.hit.entityId), isNull(c.revokedAt)));
  const [row] = await tx
    .insert(c)
    .values({
      ownerId: input.ownerId,
      organisationId: input.organisationId,
      subjectKey: key,
      subjectName: input.subject.term,
      entityType: input.subject.entityType,
      datasetId: input.hit.datasetId,
      entityId: input.hit.entityId,
      hitKind: input.hit.kind,
      listingName: input.hit.label,
      listingFingerprint: input.hit.listingFingerprint,
      decisionId: input.decisionId,
      searchId: input.searchId,
      reason: input.reason,
      text: input.text,
      decidedBy: input.decidedBy,
      decidedAt: input.decidedAt,
    })
    .returning({ id: c.id });
  return row.id;
}

export interface ClearanceReader extends ReviewMember {
  /** How the audit log names a revocation's actor (default: admin or user, by the role). */
  kind?: ActorKind;
}

/**
 * The clearances a member reads: their organisation's, whoever cleared them, since they clear every member's
 * screenings; every organisation's for the instance's admins and auditors.
 */
const readable = (reader: ClearanceReader) => (readsAdminViews(reader) ? undefined : eq(c.organisationId, reader.organisationId));

/**
 * Who revokes a clearance: the instance's admins any; an organisation's reviewers their team's; any other member
 * the ones made on their own screenings.
 */
function mayRevoke(reader: ClearanceReader, clearance: typeof c.$inferSelect) {
  if (reader.role === "admin") return true;
  if (reader.role === "auditor" || clearance.organisationId !== reader.organisationId) return false;
  return decidesForTeam(reader.organisationRole) || clearance.ownerId === reader.id;
}

export async function listClearances(db: DbOrTx, reader: ClearanceReader, request: PageRequest & { q?: string; all?: boolean }): Promise<Page<ClearanceView>> {
  const conditions = [
    readable(reader),
    request.all ? undefined : isNull(c.revokedAt),
    request.q ? or(ilike(c.subjectName, containsPattern(request.q)), ilike(c.listingName, containsPattern(request.q))) : undefined,
  ];
  const rows = await db
    .select({ id: c.id, row: c, decidedBy: personName(c.decidedBy), revokedBy: personName(c.revokedBy), cursorKey: cursorKey(c) })
    .from(c)
    .where(and(...conditions, afterCursor(c, request.cursor)))
    .orderBy(...newestFirst(c))
    .limit(request.limit + 1);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(c)
    .where(and(...conditions));
  return toPage(rows, request.limit, total, (r) => clearanceView(r.row, r.decidedBy, r.revokedBy));
}

/** Revokes a live clearance (mayRevoke says whose); later screenings flag the hit again. */
export async function revokeClearance(db: DbOrTx, reader: ClearanceReader, clearanceId: string, reason: string, ipAddress?: string | null) {
  if (!isUuid(clearanceId)) throw new AppError(404, "Clearance not found");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(c)
      .where(and(eq(c.id, clearanceId), readable(reader)))
      .for("update");
    if (!before) throw new AppError(404, "Clearance not found");
    if (!mayRevoke(reader, before))
      throw new AppError(403, "A clearance is revoked by a reviewer of the team, or by the member whose screening it was made on");
    if (before.revokedAt) throw new AppError(409, "The clearance was already revoked");
    const [after] = await tx.update(c).set({ revokedAt: sql`now()`, revokedBy: reader.id, revokeReason: reason }).where(eq(c.id, clearanceId)).returning();
    await recordAudit(tx, {
      action: "review.clearance_revoked",
      actorKind: reader.kind ?? (reader.role === "admin" ? "admin" : "user"),
      actorUserId: reader.id,
      targetType: "clearance",
      targetId: clearanceId,
      ipAddress,
      details: {
        before: { revokedAt: null },
        after: { revokedAt: after.revokedAt?.toISOString(), reason },
        subject: before.subjectName,
        listing: before.listingName,
      },
    });
    const [names] = await tx
      .select({ decidedBy: personName(c.decidedBy), revokedBy: personName(c.revokedBy) })
      .from(c)
      .where(eq(c.id, clearanceId));
    return clearanceView(after, names.decidedBy, names.revokedBy);
  });
}

function clearanceView(row: typeof c.$inferSelect, decidedBy: string | null, revokedBy: string | null): ClearanceView {
  return {
    id: row.id,
    ownerId: row.ownerId,
    subjectName: row.subjectName,
    entityType: row.entityType,
    subjectKey: row.subjectKey,
    datasetId: row.datasetId,
    entityId: row.entityId,
    hitKind: row.hitKind as HitKind,
    listingName: row.listingName,
    reason: row.reason as DecisionReason,
    text: row.text,
    decidedBy,
    decidedAt: row.decidedAt.toISOString(),
    searchId: row.searchId,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedAt ? revokedBy : null,
    revokeReason: row.revokeReason,
  };
}
