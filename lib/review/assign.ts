import { and, eq } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { type ReviewActor, reviewableSearch, reviewsEveryone } from "./access.ts";

/**
 * Takes a review item on ("me"), gives it back (null), or hands it to another reviewer (admins and reviewers only; the
 * assignee must be able to review it: its owner, an admin or a reviewer).
 */
export async function assignReview(db: Db, actor: ReviewActor, searchId: string, assignee: "me" | string | null) {
  return db.transaction(async (tx) => {
    const search = await reviewableSearch(tx, actor, searchId, { lock: true });
    let assigneeId: string | null = null;
    if (assignee === "me") assigneeId = actor.id;
    else if (assignee) {
      if (!reviewsEveryone(actor)) throw new AppError(403, "Only reviewers and administrators hand an item to someone else");
      const [user] = await tx
        .select({ id: schema.users.id, role: schema.users.role })
        .from(schema.users)
        .where(and(eq(schema.users.id, assignee), eq(schema.users.isActive, true)));
      if (!user || (user.id !== search.userId && !reviewsEveryone(user))) throw new AppError(400, "The assignee cannot review this search");
      assigneeId = user.id;
    }
    const [row] = await tx.update(schema.searches).set({ reviewAssigneeId: assigneeId }).where(eq(schema.searches.id, search.id)).returning();
    await recordAudit(tx, {
      action: "review.assigned",
      actorKind: actor.kind,
      actorUserId: actor.id,
      targetType: "search",
      targetId: search.id,
      ipAddress: actor.ipAddress,
      details: { before: { assignee: search.reviewAssigneeId }, after: { assignee: assigneeId } },
    });
    return row;
  });
}
