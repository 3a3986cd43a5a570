import { and, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type AuditActor, actorFields, recordAudit } from "../audit/record.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { OrganisationRole } from "../organisations/contract.ts";
import type { TeamMember } from "../screening/visibility.ts";
import { MAX_KEY_LIFETIME_DAYS } from "./api-key-schema.ts";
import { API_KEY_SCOPES, type ApiKeyScope, DEFAULT_API_KEY_SCOPES, missingScopeMessage, orderedScopes } from "./api-key-scopes.ts";
import { organisationOf } from "./organisation-of.ts";
import { personName } from "./person-name.ts";
import { isReadOnly } from "./roles.ts";
import type { ApiKeyListItem, CreatedApiKey, UserRole } from "./schemas.ts";
import { organisationSuspended, SUSPENDED_MESSAGE } from "./suspension.ts";
import { managedRecordsOf, requireChangeOf } from "./team-records.ts";
import { generateToken, hashToken } from "./tokens.ts";

export { createApiKeySchema, rotateApiKeySchema } from "./api-key-schema.ts";

export const MAX_API_KEYS_PER_USER = 25;
const KEY_PREFIX = "dck_";
/** The part of a key kept in clear to tell keys apart in lists: "dck_" and 8 characters. */
const VISIBLE_LENGTH = KEY_PREFIX.length + 8;
const DAY_MS = 86_400_000;

export type { ApiKeyListItem, CreatedApiKey };

const mask = (prefix: string) => `${prefix}${"•".repeat(24)}`;

export interface ApiKeyOptions {
  /** Left out: screen and read. */
  scopes?: readonly ApiKeyScope[];
  /** An ISO date or date-time; left out or null: until revoked. */
  expiresAt?: string | null;
  /** Who made it, for the audit log: the owner in the app (default), or the CLI acting for them. */
  actor?: AuditActor;
}

/** The owner as scopes need them: their instance role, and whether they may write at all. */
type KeyOwner = { id: string; role: UserRole; organisationRole?: OrganisationRole };

/**
 * The scopes a key of this owner may have: admin only for an instance admin (it stands for instance administration,
 * which nobody else may do); a read-only owner's key only reads, as they do.
 */
function checkedScopes(owner: KeyOwner, asked: readonly ApiKeyScope[] | undefined): ApiKeyScope[] {
  // A read-only owner's key reads by default: what they may do of the default.
  const scopes = orderedScopes(asked ?? (isReadOnly(owner) ? ["read"] : DEFAULT_API_KEY_SCOPES));
  if (scopes.includes("admin") && owner.role !== "admin") {
    throw new AppError(403, "Only instance admins can make keys with the admin scope");
  }
  if (isReadOnly(owner) && scopes.some((scope) => scope !== "read")) {
    throw new AppError(403, "A read-only account can only make keys with the read scope");
  }
  return scopes;
}

/**
 * Every scope a key of this owner could be given: admin only for an instance admin, read alone for a read-only owner.
 * The stdio MCP server (no key: whoever runs it on the host already holds the database) acts with these.
 */
export function scopesAllowedTo(owner: Pick<KeyOwner, "role" | "organisationRole">): ApiKeyScope[] {
  if (isReadOnly(owner)) return ["read"];
  return API_KEY_SCOPES.filter((scope) => scope !== "admin" || owner.role === "admin");
}

/** An expiry in the future and within MAX_KEY_LIFETIME_DAYS; a bare date ends at the start of that day, UTC. */
function checkedExpiry(expiresAt: string | null | undefined, now: Date): Date | null {
  if (!expiresAt) return null;
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime())) throw new AppError(400, "expiresAt must be an ISO 8601 date or date-time");
  if (at.getTime() <= now.getTime()) throw new AppError(400, "expiresAt must be in the future");
  if (at.getTime() > now.getTime() + MAX_KEY_LIFETIME_DAYS * DAY_MS) {
    throw new AppError(400, `expiresAt can be at most ${MAX_KEY_LIFETIME_DAYS} days away`);
  }
  return at;
}

async function ownerOf(db: DbOrTx, userId: string): Promise<KeyOwner> {
  const u = schema.users;
  const [owner] = await db.select({ id: u.id, role: u.role, organisationRole: u.organisationRole }).from(u).where(eq(u.id, userId));
  if (!owner) throw new AppError(404, "User not found");
  return owner;
}

/** Keys that still authenticate at `now`: no expiry, or one still ahead (an expired key is kept to be seen, not counted). */
const stillValid = (now: Date) => or(isNull(schema.apiKeys.expiresAt), gt(schema.apiKeys.expiresAt, now));

const createdView = (row: typeof schema.apiKeys.$inferSelect, key: string): CreatedApiKey => ({
  id: row.id,
  name: row.name,
  key,
  scopes: orderedScopes(row.scopes),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** Creates a key; the full key is in this answer only, the database keeps its SHA-256. */
export async function createApiKey(db: DbOrTx, userId: string, name: string, options: ApiKeyOptions = {}, clock: Clock = systemClock): Promise<CreatedApiKey> {
  const scopes = checkedScopes(await ownerOf(db, userId), options.scopes);
  const expiresAt = checkedExpiry(options.expiresAt, clock.now());
  const [{ n }] = await db
    .select({ n: count() })
    .from(schema.apiKeys)
    .where(and(eq(schema.apiKeys.userId, userId), stillValid(clock.now())));
  if (n >= MAX_API_KEYS_PER_USER) {
    throw new AppError(409, `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Delete one you no longer use.`);
  }
  const key = KEY_PREFIX + generateToken(20);
  const [row] = await db
    .insert(schema.apiKeys)
    .values({ userId, organisationId: organisationOf(userId), name, keyHash: hashToken(key), keyPrefix: key.slice(0, VISIBLE_LENGTH), scopes, expiresAt })
    .returning();
  await recordAudit(db, {
    action: "api_key.created",
    ...actorFields({ kind: "user", ...options.actor, userId }),
    targetType: "api_key",
    targetId: row.id,
    details: { scopes, expiresAt: expiresAt?.toISOString() ?? null },
  });
  return createdView(row, key);
}

/**
 * The keys the member lists: their own, and for the organisation's owners and admins every member's key of the
 * organisation (lib/auth/team-records.ts), each with who made it, newest first.
 */
export async function listApiKeys(db: DbOrTx, member: TeamMember): Promise<ApiKeyListItem[]> {
  const k = schema.apiKeys;
  const rows = await db
    .select({ key: k, makerName: personName(k.userId) })
    .from(k)
    .where(managedRecordsOf(k, member))
    .orderBy(desc(k.createdAt), desc(k.id));
  return rows.map(({ key: r, makerName }) => ({
    id: r.id,
    name: r.name,
    createdBy: { id: r.userId, name: makerName },
    key: mask(r.keyPrefix),
    scopes: orderedScopes(r.scopes),
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    replacedById: r.replacedById,
    lastUsed: r.lastUsed?.toISOString() ?? null,
    lastUsedIp: r.lastUsedIp,
    usageCount: r.usageCount,
  }));
}

/**
 * Revokes a key the member lists (their own; for the organisation's owners and admins any of its members'), with the
 * embed tokens it gave. Any other key reads as not found. Audited, with the key's maker when it is a colleague's.
 */
export async function deleteApiKey(db: DbOrTx, member: TeamMember, keyId: string, actor: AuditActor = { kind: "user" }) {
  if (!isUuid(keyId)) throw new AppError(404, "API key not found");
  const k = schema.apiKeys;
  const [found] = await db
    .select({ userId: k.userId, organisationId: k.organisationId, name: k.name })
    .from(k)
    .where(and(eq(k.id, keyId), managedRecordsOf(k, member)));
  if (!found) throw new AppError(404, "API key not found");
  requireChangeOf(member, found, "Only the member who made this key, or the organisation's owners and admins, revoke it");
  const deleted = await db.delete(k).where(eq(k.id, keyId)).returning({ id: k.id });
  if (deleted.length === 0) throw new AppError(404, "API key not found");
  await recordAudit(db, {
    action: "api_key.deleted",
    ...actorFields({ ...actor, userId: member.id }),
    targetType: "api_key",
    targetId: keyId,
    details: found.userId === member.id ? undefined : { ownerId: found.userId, name: found.name },
  });
}

/**
 * Rotates a key the member may change (as for revoking): a new secret with the same name, scopes and expiry, made for
 * the same member, and the old one working beside it for `graceHours` (never past its own expiry), so the systems
 * that use it can be moved over without a gap. A key already rotated is refused: rotate its replacement.
 */
export async function rotateApiKey(
  db: DbOrTx,
  member: TeamMember,
  keyId: string,
  graceHours: number,
  actor: AuditActor = { kind: "user" },
  clock: Clock = systemClock,
): Promise<CreatedApiKey> {
  if (!isUuid(keyId)) throw new AppError(404, "API key not found");
  const k = schema.apiKeys;
  const now = clock.now();
  const [found] = await db
    .select()
    .from(k)
    .where(and(eq(k.id, keyId), managedRecordsOf(k, member)));
  if (!found) throw new AppError(404, "API key not found");
  requireChangeOf(member, found, "Only the member who made this key, or the organisation's owners and admins, rotate it");
  if (found.replacedById) throw new AppError(409, "This key was already rotated: rotate the key that replaced it");
  if (found.expiresAt && found.expiresAt <= now) throw new AppError(409, "This key has expired: make a new key instead");
  const key = KEY_PREFIX + generateToken(20);
  const [row] = await db
    .insert(k)
    .values({
      userId: found.userId,
      organisationId: found.organisationId,
      name: found.name,
      keyHash: hashToken(key),
      keyPrefix: key.slice(0, VISIBLE_LENGTH),
      scopes: found.scopes,
      expiresAt: found.expiresAt,
    })
    .returning();
  const graceEnd = new Date(now.getTime() + graceHours * 3_600_000);
  const oldEnd = found.expiresAt && found.expiresAt < graceEnd ? found.expiresAt : graceEnd;
  // Only a key not rotated meanwhile is retired: two rotations at once leave one replacement, the other undone.
  const retired = await db
    .update(k)
    .set({ replacedById: row.id, expiresAt: oldEnd })
    .where(and(eq(k.id, keyId), isNull(k.replacedById)))
    .returning({ id: k.id });
  if (retired.length === 0) {
    await db.delete(k).where(eq(k.id, row.id));
    throw new AppError(409, "This key was already rotated: rotate the key that replaced it");
  }
  await recordAudit(db, {
    action: "api_key.rotated",
    ...actorFields({ ...actor, userId: member.id }),
    targetType: "api_key",
    targetId: keyId,
    details: { replacedBy: row.id, oldKeyValidUntil: oldEnd.toISOString(), ...(found.userId === member.id ? {} : { ownerId: found.userId }) },
  });
  return createdView(row, key);
}

/** A caller of the public API or the MCP server: the key's owner and what the key may do. */
export interface AuthenticatedKey {
  keyId: string;
  user: typeof schema.users.$inferSelect;
  scopes: ApiKeyScope[];
}

/**
 * The owner of a bearer key, counting the use and the caller's address, acting in their organisation as it is now: a
 * key made in another organisation (its maker was moved since) reaches nothing. Unknown keys, such keys and keys of
 * deactivated users are refused alike with 401: a caller learns nothing about which keys exist. An expired or
 * rotated-out key is refused with 401 too, saying so: its holder had the secret, and needs to know to get a new one.
 */
export async function authenticateApiKey(
  db: DbOrTx,
  authorization: string | undefined,
  caller: { ipAddress?: string | null } = {},
  clock: Clock = systemClock,
): Promise<AuthenticatedKey> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!match) throw new AppError(401, "Missing API key: send the header 'Authorization: Bearer <key>'");
  const k = schema.apiKeys;
  const now = clock.now();
  const [used] = await db
    .update(k)
    .set({ usageCount: sql`${k.usageCount} + 1`, lastUsed: now, lastUsedIp: caller.ipAddress ?? null })
    .where(and(eq(k.keyHash, hashToken(match[1])), stillValid(now)))
    .returning({ id: k.id, userId: k.userId, organisationId: k.organisationId, scopes: k.scopes });
  if (!used) {
    const [ended] = await db
      .select({ expiresAt: k.expiresAt, replacedById: k.replacedById })
      .from(k)
      .where(eq(k.keyHash, hashToken(match[1])));
    if (ended?.replacedById) throw new AppError(401, "This API key was rotated and its grace period is over: use the key that replaced it");
    if (ended) throw new AppError(401, "This API key has expired: make a new key under API Access");
    throw new AppError(401, "Invalid API key");
  }
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, used.userId));
  if (!user?.isActive || user.organisationId !== used.organisationId) throw new AppError(401, "Invalid API key");
  if (await organisationSuspended(db, user.organisationId)) throw new AppError(403, SUSPENDED_MESSAGE);
  return { keyId: used.id, user, scopes: orderedScopes(used.scopes) };
}

/**
 * Refuses with 403, naming the scope, a call the key was not given the scope for. The key's owner's own role still
 * applies on top (a scope only takes away); admin is honoured only while the owner is an instance admin.
 */
export function requireKeyScope(key: Pick<AuthenticatedKey, "scopes" | "user">, scope: ApiKeyScope): void {
  if (!key.scopes.includes(scope)) throw new AppError(403, missingScopeMessage(scope));
  if (scope === "admin" && key.user.role !== "admin") throw new AppError(403, "The admin scope only works for an instance admin's key");
}
