/** Legal holds: an admin holds a user (all their searches) or one search, with a reason; the purge never removes held records. */
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { findUserByEmail } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { LegalHoldCreate, LegalHoldView } from "./contract.ts";
import { lockRetention } from "./lock.ts";

/** Who sets or lifts a hold: an admin over HTTP, or the CLI (as the admin it runs as, when known). */
export interface HoldActor {
  kind: "admin" | "cli";
  userId: string | null;
  ipAddress?: string | null;
}

const HOLD_NOT_FOUND = "Legal hold not found";

/** Held by an active hold on the search or on its owner, as a condition on searches (the purge's re-check). */
export const heldSearch = (): SQL => sql`exists (
  select 1 from ${schema.legalHolds} h
  where h.lifted_at is null and (h.search_id = ${schema.searches.id} or h.user_id = ${schema.searches.userId})
)`;

/** Sets a hold. An unknown user or search: 404, and nothing is written. Waits for a purge batch under way. */
export async function createLegalHold(db: Db, actor: HoldActor, input: LegalHoldCreate): Promise<LegalHoldView> {
  const id = await db.transaction(async (tx) => {
    await lockRetention(tx);
    let userId = input.userId;
    if (input.userEmail !== undefined) {
      const user = await findUserByEmail(tx, input.userEmail);
      if (!user) throw new AppError(404, "User not found");
      userId = user.id;
    } else if (userId) {
      const [user] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId));
      if (!user) throw new AppError(404, "User not found");
    } else {
      const [search] = await tx.select({ id: schema.searches.id }).from(schema.searches).where(eq(schema.searches.id, input.searchId!));
      if (!search) throw new AppError(404, "Search not found");
    }
    const [hold] = await tx
      .insert(schema.legalHolds)
      .values({ userId: userId ?? null, searchId: input.searchId ?? null, reason: input.reason, createdBy: actor.userId })
      .returning({ id: schema.legalHolds.id });
    await recordAudit(tx, {
      action: "legal_hold.set",
      actorKind: actor.kind,
      actorUserId: actor.userId,
      ipAddress: actor.ipAddress ?? null,
      targetType: userId ? "user" : "search",
      targetId: userId ?? input.searchId,
      details: { holdId: hold.id, reason: input.reason },
    });
    return hold.id;
  });
  return getLegalHold(db, id);
}

/** Lifts an active hold, with a reason. Unknown: 404; already lifted: 409. */
export async function liftLegalHold(db: Db, actor: HoldActor, id: string, reason: string): Promise<LegalHoldView> {
  if (!isUuid(id)) throw new AppError(404, HOLD_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [hold] = await tx.select().from(schema.legalHolds).where(eq(schema.legalHolds.id, id)).for("update");
    if (!hold) throw new AppError(404, HOLD_NOT_FOUND);
    if (hold.liftedAt) throw new AppError(409, "This legal hold is already lifted");
    await tx.update(schema.legalHolds).set({ liftedAt: sql`now()`, liftedBy: actor.userId, liftReason: reason }).where(eq(schema.legalHolds.id, id));
    await recordAudit(tx, {
      action: "legal_hold.lifted",
      actorKind: actor.kind,
      actorUserId: actor.userId,
      ipAddress: actor.ipAddress ?? null,
      targetType: hold.userId ? "user" : "search",
      targetId: hold.userId ?? hold.searchId ?? undefined,
      details: { holdId: id, reason },
    });
  });
  return getLegalHold(db, id);
}

export async function getLegalHold(db: Db, id: string): Promise<LegalHoldView> {
  if (!isUuid(id)) throw new AppError(404, HOLD_NOT_FOUND);
  const [hold] = await listLegalHolds(db, { id });
  if (!hold) throw new AppError(404, HOLD_NOT_FOUND);
  return hold;
}

/** Every hold (bounded by what admins set by hand: not paged), newest first; active only or lifted only on request. */
export async function listLegalHolds(db: Db, filter: { active?: boolean; id?: string } = {}): Promise<LegalHoldView[]> {
  const h = schema.legalHolds;
  const held = alias(schema.users, "held");
  const creator = alias(schema.users, "creator");
  const lifter = alias(schema.users, "lifter");
  const rows = await db
    .select({
      hold: h,
      userEmail: held.email,
      searchTerm: schema.searches.searchTerm,
      createdByEmail: creator.email,
      liftedByEmail: lifter.email,
    })
    .from(h)
    .leftJoin(held, eq(held.id, h.userId))
    .leftJoin(schema.searches, eq(schema.searches.id, h.searchId))
    .leftJoin(creator, eq(creator.id, h.createdBy))
    .leftJoin(lifter, eq(lifter.id, h.liftedBy))
    .where(
      and(filter.id ? eq(h.id, filter.id) : undefined, filter.active === undefined ? undefined : filter.active ? isNull(h.liftedAt) : isNotNull(h.liftedAt)),
    )
    .orderBy(desc(h.createdAt), desc(h.id));
  return rows.map(({ hold, ...names }) => ({
    id: hold.id,
    target: hold.userId ? "user" : "search",
    userId: hold.userId,
    userEmail: names.userEmail,
    searchId: hold.searchId,
    searchTerm: names.searchTerm,
    reason: hold.reason,
    createdAt: hold.createdAt.toISOString(),
    createdByEmail: names.createdByEmail,
    liftedAt: hold.liftedAt?.toISOString() ?? null,
    liftedByEmail: names.liftedByEmail,
    liftReason: hold.liftReason,
  }));
}
