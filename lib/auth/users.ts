import { count, eq } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type AuditActor, actorFields, recordAudit } from "../audit/record.ts";
import { creditReasons } from "../credits/descriptions.ts";
import { changeCredits } from "../credits/ledger.ts";
import { creditSettings } from "../credits/system-settings.ts";
import { AppError } from "../errors.ts";
import type { OrganisationRole, UserOrganisation } from "../organisations/contract.ts";
import { readSettings } from "../settings/system-settings.ts";
import { hashPassword } from "./passwords.ts";
import type { PublicUser, RegisterInput, UserRole } from "./schemas.ts";
import type { UserRow } from "./sessions.ts";

/** `credits` is the organisation's balance, which the user spends from. */
export function toPublicUser(u: UserRow, organisation: UserOrganisation, credits: number): PublicUser {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    phoneNumber: u.phoneNumber,
    company: u.company,
    position: u.position,
    role: u.role,
    credits,
    isActive: u.isActive,
    twoFactorEnabled: u.twoFactorEnabled,
    emailVerified: u.emailVerified,
    profileLanguage: u.profileLanguage,
    reportLanguage: u.reportLanguage,
    sessionDuration: u.sessionDuration,
    autoMonitorSearches: u.autoMonitorSearches,
    lastLogin: u.lastLogin?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    organisation,
  };
}

/** The user as the account routes answer them, with their organisation (id, name, their role) and its balance. */
export async function publicUserOf(db: DbOrTx, u: UserRow): Promise<PublicUser> {
  const [organisation] = await db
    .select({ id: schema.organisations.id, name: schema.organisations.name, credits: schema.organisations.credits })
    .from(schema.organisations)
    .where(eq(schema.organisations.id, u.organisationId));
  return toPublicUser(u, { id: organisation.id, name: organisation.name, role: u.organisationRole }, organisation.credits);
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.email, email.trim().toLowerCase()));
  return user ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, id));
  return user ?? null;
}

/** An invited user joins this organisation with this role; every other new user owns an organisation of their own. */
export interface Membership {
  organisationId: string;
  role: OrganisationRole;
}

/** A new organisation is named after the user's company, else their full name, else their email. */
export function ownOrganisationName(input: { email: string; fullName?: string | null; company?: string | null }) {
  return input.company?.trim() || input.fullName?.trim() || input.email.trim().toLowerCase();
}

export interface NewUser extends Omit<RegisterInput, "phoneNumber" | "company" | "position"> {
  phoneNumber?: string;
  company?: string;
  position?: string;
  role?: UserRole;
}

/**
 * Creates an account. A new user starts with the initial credits of the system settings, given as a
 * credit_bonus through the ledger in the same transaction, so the ledger always explains the balance. Every user
 * belongs to one organisation: the one they were invited into (options.membership), or a new one they own, created in
 * the same transaction, so no account ever exists without its organisation.
 */
export async function createUser(db: DbOrTx, input: NewUser, options: { createdBy?: string; withholdWelcomeCredits?: boolean; membership?: Membership } = {}) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw new AppError(409, "An account with this email already exists");
    const membership = options.membership ?? { organisationId: await createOwnOrganisation(tx, { ...input, email }), role: "owner" };
    const [user] = await tx
      .insert(schema.users)
      .values({
        email,
        password: passwordHash,
        fullName: input.fullName.trim(),
        phoneNumber: input.phoneNumber,
        company: input.company,
        position: input.position,
        role: input.role ?? "user",
        organisationId: membership.organisationId,
        organisationRole: membership.role,
      })
      .onConflictDoNothing({ target: schema.users.email })
      .returning();
    if (!user) throw new AppError(409, "An account with this email already exists");
    if (!options.withholdWelcomeCredits) await grantWelcomeCredits(tx, user.id, options.createdBy);
    return (await findUserById(tx, user.id))!;
  });
}

async function createOwnOrganisation(tx: DbOrTx, input: NewUser) {
  const [organisation] = await tx
    .insert(schema.organisations)
    .values({ name: ownOrganisationName(input) })
    .returning({ id: schema.organisations.id });
  return organisation.id;
}

/**
 * An account an operator makes outside the web app (`duecheck users create`), audited as user.created by them.
 * createUser itself writes no entry: registration, an admin's new account and the first admin each record their own.
 */
export async function createUserAs(db: DbOrTx, actor: AuditActor, input: NewUser) {
  const user = await createUser(db, input);
  await recordAudit(db, { action: "user.created", ...actorFields(actor), targetType: "user", targetId: user.id });
  return user;
}

/**
 * The initial credits of the system settings, as a credit_bonus through the ledger, to the user's organisation (the
 * entry names the user). Its external reference makes the
 * grant happen once per account however often it is asked for (a confirmation link clicked twice).
 */
export async function grantWelcomeCredits(db: DbOrTx, userId: string, createdBy?: string) {
  const { initialCredits } = await readSettings(db, creditSettings);
  if (initialCredits <= 0) return;
  await changeCredits(db, {
    userId,
    type: "credit_bonus",
    amount: initialCredits,
    reason: creditReasons.welcome(),
    createdBy,
    externalRef: `welcome:${userId}`,
  });
}

export async function countUsers(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(schema.users);
  return row.n;
}
