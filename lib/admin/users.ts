import { and, eq, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import type { UserRow } from "../auth/sessions.ts";
import { deleteUserSessions } from "../auth/sessions.ts";
import { changeCredits, memberCredits } from "../credits/ledger.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { afterCursor, containsPattern, cursorKey, newestFirst, type Page, type PageRequest, toPage } from "../paging.ts";
import type { AdminUserView, adminCreditsSchema, adminUserUpdateSchema } from "./schemas.ts";

/** Who makes an admin change: a signed-in admin, or the CLI acting as the system. */
export interface AdminActor {
  kind: "admin" | "cli";
  userId?: string | null;
  ipAddress?: string | null;
}

/** `credits` is the balance of the user's organisation (credits belong to the organisation). */
export function adminUserView(u: UserRow, credits: number): AdminUserView {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    company: u.company,
    position: u.position,
    role: u.role,
    credits,
    isActive: u.isActive,
    lastLogin: u.lastLogin?.toISOString() ?? null,
    twoFactorEnabled: u.twoFactorEnabled,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The admin's view of a user, with the balance of their organisation read now. */
export async function adminUserViewOf(db: DbOrTx, u: UserRow): Promise<AdminUserView> {
  return adminUserView(u, await memberCredits(db, u.id));
}

export async function listAdminUsers(db: Db, request: PageRequest & { q?: string }): Promise<Page<AdminUserView>> {
  const u = schema.users;
  const keyset = { createdAt: u.createdAt, id: u.id };
  const q = request.q?.trim();
  const where = q ? or(ilike(u.email, containsPattern(q)), ilike(u.fullName, containsPattern(q)), ilike(u.company, containsPattern(q))) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ user: u, id: u.id, credits: schema.organisations.credits, cursorKey: cursorKey(keyset) })
      .from(u)
      .innerJoin(schema.organisations, eq(schema.organisations.id, u.organisationId))
      .where(and(where, afterCursor(keyset, request.cursor)))
      .orderBy(...newestFirst(keyset))
      .limit(request.limit + 1),
    db.$count(u, where),
  ]);
  return toPage(rows, request.limit, total, (row) => adminUserView(row.user, row.credits));
}

async function findUser(db: Pick<Db, "select">, id: string, lock = false): Promise<UserRow> {
  if (!isUuid(id)) throw new AppError(404, "User not found");
  const query = db.select().from(schema.users).where(eq(schema.users.id, id));
  const [user] = lock ? await query.for("update") : await query;
  if (!user) throw new AppError(404, "User not found");
  return user;
}

export async function getAdminUser(db: Db, id: string): Promise<AdminUserView> {
  return adminUserViewOf(db, await findUser(db, id));
}

/**
 * Refuses a change that would leave no active admin. Every admin row is locked first, so two admins demoting each
 * other at once cannot both succeed.
 */
async function keepAnActiveAdmin(tx: Pick<Db, "select">, target: UserRow, staysActiveAdmin: boolean) {
  if (staysActiveAdmin || target.role !== "admin" || !target.isActive) return;
  const admins = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.role, "admin"), eq(schema.users.isActive, true)))
    .for("update");
  if (admins.filter((a) => a.id !== target.id).length === 0) {
    throw new AppError(409, "This is the last active administrator: make another user an administrator first");
  }
}

const audit = (actor: AdminActor, action: string, targetId: string, details: Record<string, unknown>) => ({
  action,
  actorKind: actor.kind,
  actorUserId: actor.userId ?? null,
  ipAddress: actor.ipAddress ?? null,
  targetType: "user",
  targetId,
  details,
});

/** Changes the fields given (the API sends all four; the CLI one or more). */
export async function updateAdminUser(db: Db, actor: AdminActor, id: string, input: Partial<z.infer<typeof adminUserUpdateSchema>>): Promise<AdminUserView> {
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id, true);
    await keepAnActiveAdmin(tx, before, (input.role ?? before.role) === "admin");
    const [after] = await tx
      .update(schema.users)
      .set({ fullName: input.fullName, company: input.company, position: input.position, role: input.role, updatedAt: sql`now()` })
      .where(eq(schema.users.id, id))
      .returning();
    const fields = ["fullName", "company", "position", "role"] as const;
    const changed = fields.filter((f) => before[f] !== after[f]);
    await recordAudit(
      tx,
      audit(actor, before.role !== after.role ? "admin.user_role_changed" : "admin.user_updated", id, {
        before: Object.fromEntries(changed.map((f) => [f, before[f]])),
        after: Object.fromEntries(changed.map((f) => [f, after[f]])),
      }),
    );
    return adminUserViewOf(tx, after);
  });
}

/** Activates or deactivates; a deactivated user's sessions end at once (API keys check isActive on every call). */
export async function setUserActive(db: Db, actor: AdminActor, id: string, active?: boolean): Promise<AdminUserView> {
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id, true);
    const isActive = active ?? !before.isActive;
    await keepAnActiveAdmin(tx, before, isActive);
    const [after] = await tx.update(schema.users).set({ isActive, updatedAt: sql`now()` }).where(eq(schema.users.id, id)).returning();
    if (!isActive) await deleteUserSessions(tx, id);
    await recordAudit(
      tx,
      audit(actor, isActive ? "admin.user_activated" : "admin.user_deactivated", id, { before: { isActive: before.isActive }, after: { isActive } }),
    );
    return adminUserViewOf(tx, after);
  });
}

/**
 * Credits an admin adds "to a user" land on the user's organisation, the pool every member spends from; the ledger
 * entry names the user (and the admin as createdBy), and the audit's before and after are the organisation's.
 */
export async function addAdminCredits(db: Db, actor: AdminActor, id: string, input: z.infer<typeof adminCreditsSchema>) {
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id, true);
    const description = input.description?.trim() || "Credits added by an administrator";
    const result = await changeCredits(tx, { userId: id, type: "admin_credit", amount: input.amount, description, createdBy: actor.userId ?? undefined });
    await recordAudit(
      tx,
      audit(actor, "admin.credits_added", id, {
        amount: input.amount,
        description,
        before: { credits: result.balance - input.amount },
        after: { credits: result.balance },
      }),
    );
    return { balance: result.balance, user: adminUserView(before, result.balance) };
  });
}
