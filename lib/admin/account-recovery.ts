import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type Db, type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { accountLink, issueAccountToken, LINK_MINUTES } from "../auth/account-tokens.ts";
import { generateToken } from "../auth/tokens.ts";
import { clearTwoFactor } from "../auth/two-factor.ts";
import { createUser } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountMail } from "../mail/messages.ts";
import type { AdminAccountLink, AdminCreatedUser, adminCreateUserSchema } from "./schemas.ts";
import { type AdminActor, adminUserViewOf } from "./users.ts";

/** Where links point and how mail goes out (null: links are shown to the admin to hand over). */
export interface LinkContext {
  baseUrl: string;
  mailer: Mailer | null;
}

async function findUser(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw new AppError(404, "User not found");
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  if (!user) throw new AppError(404, "User not found");
  return user;
}

const audit = (actor: AdminActor, action: string, targetId: string, details: Record<string, unknown> = {}) => ({
  action,
  actorKind: actor.kind,
  actorUserId: actor.userId ?? null,
  ipAddress: actor.ipAddress ?? null,
  targetType: "user",
  targetId,
  details,
});

/**
 * An admin's new account: with an initial password, or invited (an unguessable password nobody knows, and a 7-day
 * link, mailed when SMTP is configured, with which the invitee chooses theirs). Admin-made accounts get the welcome
 * credits at once.
 */
export async function adminCreateUser(db: Db, actor: AdminActor, input: z.output<typeof adminCreateUserSchema>, links: LinkContext): Promise<AdminCreatedUser> {
  const user = await createUser(
    db,
    { email: input.email, fullName: input.fullName, company: input.company || undefined, password: input.password ?? generateToken(32), role: input.role },
    {
      createdBy: actor.userId ?? undefined,
    },
  );
  await recordAudit(db, audit(actor, "admin.user_created", user.id, { email: user.email, role: user.role, invited: Boolean(input.invite) }));
  if (!input.invite) return { user: await adminUserViewOf(db, user), invitation: null };
  const { token, expiresAt } = await issueAccountToken(db, user.id, "invitation", LINK_MINUTES.invitation);
  const link = accountLink(links.baseUrl, "invitation", token);
  if (links.mailer) {
    await links.mailer.send({ to: user.email, ...accountMail("invitation", user.profileLanguage, link, LINK_MINUTES.invitation) });
    return { user: await adminUserViewOf(db, user), invitation: { link: null, expiresAt: expiresAt.toISOString(), mailed: true } };
  }
  return { user: await adminUserViewOf(db, user), invitation: { link, expiresAt: expiresAt.toISOString(), mailed: false } };
}

/** A one-time reset link (24 hours) for the admin to hand over; an earlier unused link of the user stops working. */
export async function adminResetLink(db: Db, actor: AdminActor, userId: string, baseUrl: string): Promise<AdminAccountLink> {
  const user = await findUser(db, userId);
  const { token, expiresAt } = await issueAccountToken(db, user.id, "password_reset", LINK_MINUTES.adminReset);
  await recordAudit(db, audit(actor, "admin.password_reset_link_created", user.id, { expiresAt: expiresAt.toISOString() }));
  return { link: accountLink(baseUrl, "password_reset", token), expiresAt: expiresAt.toISOString(), mailed: false };
}

/** Turns a user's 2FA off (a lost phone and no recovery code): they sign in with the password and may enrol again. */
export async function adminResetTwoFactor(db: Db, actor: AdminActor, userId: string) {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    await clearTwoFactor(tx, user.id);
    await recordAudit(tx, audit(actor, "admin.user_2fa_reset", user.id, { before: { twoFactorEnabled: user.twoFactorEnabled } }));
    return adminUserViewOf(tx, { ...user, twoFactorEnabled: false, twoFactorSecret: null });
  });
}
