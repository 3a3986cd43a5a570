/**
 * A monitored entity's alert (hasChanges) is raised by a check that found changes and stays open until it is decided:
 * viewing the changes (the page, its PDF, the CLI) leaves it open. It closes when
 * - the hits of its check are decided and nothing is left to review (lib/review/search-review.ts saveReviewState);
 * - its maker (or an owner or admin of its organisation) acknowledges a check that has nothing to decide (a match removed, the risk level changed, every new hit
 *   covered by an earlier decision): refused while the check has open hits;
 * - an administrator dismisses it, with a reason, whatever is open: the reason is kept as a note of kind dismissal on
 *   the check's search.
 * Each closing is audited. The check is the entity's last complete one (MonitoredEntityView.reviewSearchId).
 */
import { eq } from "drizzle-orm";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { ReviewActor } from "../review/access.ts";
import { ENTITY_NOT_FOUND, entityView, lockedTeamEntity } from "./entities.ts";
import type { MonitoredEntityView } from "./schemas.ts";

const m = schema.monitoredEntities;

export const DECIDE_HITS_FIRST = "Decide the new hits first: the last check has hits nobody decided yet";
export const ANSWER_ESCALATION_FIRST = "The last check is escalated: a decision on it answers the escalation first";
export const NO_OPEN_ALERT = "This entity has no open alert";
export const DISMISS_NEEDS_ADMIN = "Dismissing an alert needs the administrator role";

/** Any entity, locked until the transaction ends (administrators). */
async function lockedEntity(tx: DbOrTx, id: string) {
  if (!isUuid(id)) throw new AppError(404, ENTITY_NOT_FOUND);
  const [row] = await tx.select().from(m).where(eq(m.id, id)).for("update");
  if (!row) throw new AppError(404, ENTITY_NOT_FOUND);
  return row;
}

/**
 * Its maker, or an owner or admin of its organisation, closes an alert whose check leaves nothing to decide (404 for an
 * entity the actor does not read, 403 for a colleague's). 409 while hits are open or the check is escalated.
 */
export async function acknowledgeAlert(db: Db, actor: ReviewActor, id: string): Promise<MonitoredEntityView> {
  return db.transaction(async (tx) => {
    const row = await lockedTeamEntity(tx, actor, id);
    const before = await entityView(tx, row);
    if (!row.hasChanges) throw new AppError(409, NO_OPEN_ALERT);
    if (before.openHits > 0) throw new AppError(409, DECIDE_HITS_FIRST);
    if (before.reviewStatus === "escalated") throw new AppError(409, ANSWER_ESCALATION_FIRST);
    const [closed] = await tx.update(m).set({ hasChanges: false }).where(eq(m.id, row.id)).returning();
    await recordAudit(tx, {
      action: "monitoring.acknowledged",
      actorKind: actor.kind,
      actorUserId: actor.id,
      targetType: "monitored_entity",
      targetId: row.id,
      ipAddress: actor.ipAddress,
      details: {
        searchTerm: row.searchTerm,
        ownerId: row.userId === actor.id ? undefined : row.userId,
        searchId: before.reviewSearchId,
        before: { hasChanges: true, reviewStatus: before.reviewStatus },
        after: { hasChanges: false },
      },
    });
    return entityView(tx, closed);
  });
}

/** An administrator closes anyone's alert whatever is open, saying why (a dismissal note on the check's search). */
export async function dismissAlert(db: Db, actor: ReviewActor, id: string, reason: string): Promise<MonitoredEntityView> {
  if (actor.role !== "admin") throw new AppError(403, DISMISS_NEEDS_ADMIN);
  return db.transaction(async (tx) => {
    // The last check's search is locked before the entity, as a decision on it does (it closes the entity's alert
    // in its transaction): neither waits for the other's second lock.
    const [found] = isUuid(id) ? await tx.select({ lastSearchId: m.lastSearchId }).from(m).where(eq(m.id, id)) : [];
    if (found?.lastSearchId) {
      await tx.select({ id: schema.searches.id }).from(schema.searches).where(eq(schema.searches.id, found.lastSearchId)).for("update");
    }
    const row = await lockedEntity(tx, id);
    const before = await entityView(tx, row);
    if (!row.hasChanges) throw new AppError(409, NO_OPEN_ALERT);
    const searchId = before.reviewSearchId ?? row.lastSearchId;
    if (searchId) {
      await tx.insert(schema.searchNotes).values({ searchId, authorId: actor.id, kind: "dismissal", text: reason, details: { monitoredEntityId: row.id } });
    }
    const [closed] = await tx.update(m).set({ hasChanges: false }).where(eq(m.id, row.id)).returning();
    await recordAudit(tx, {
      action: "monitoring.dismissed",
      actorKind: actor.kind,
      actorUserId: actor.id,
      targetType: "monitored_entity",
      targetId: row.id,
      ipAddress: actor.ipAddress,
      details: {
        searchTerm: row.searchTerm,
        ownerId: row.userId,
        searchId,
        before: { hasChanges: true, reviewStatus: before.reviewStatus, openHits: before.openHits },
        after: { hasChanges: false, reason },
      },
    });
    return entityView(tx, closed);
  });
}
