import { and, count, desc, eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type AuditActor, actorFields, recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { TeamMember } from "../screening/visibility.ts";
import { organisationOf } from "./organisation-of.ts";
import { personName } from "./person-name.ts";
import type { ApiKeyListItem, CreatedApiKey } from "./schemas.ts";
import { organisationSuspended, SUSPENDED_MESSAGE } from "./suspension.ts";
import { managedRecordsOf, requireChangeOf } from "./team-records.ts";
import { generateToken, hashToken } from "./tokens.ts";

export { createApiKeySchema } from "./api-key-schema.ts";

export const MAX_API_KEYS_PER_USER = 25;
const KEY_PREFIX = "dck_";
/** The part of a key kept in clear to tell keys apart in lists: "dck_" and 8 characters. */
const VISIBLE_LENGTH = KEY_PREFIX.length + 8;

export type { ApiKeyListItem, CreatedApiKey };

const mask = (prefix: string) => `${prefix}${"•".repeat(24)}`;

/** Creates a key; the full key is in this answer only, the database keeps its SHA-256. */
export async function createApiKey(db: DbOrTx, userId: string, name: string): Promise<CreatedApiKey> {
  const [{ n }] = await db.select({ n: count() }).from(schema.apiKeys).where(eq(schema.apiKeys.userId, userId));
  if (n >= MAX_API_KEYS_PER_USER) {
    throw new AppError(409, `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Delete one you no longer use.`);
  }
  const key = KEY_PREFIX + generateToken(20);
  const [row] = await db
    .insert(schema.apiKeys)
    .values({ userId, organisationId: organisationOf(userId), name, keyHash: hashToken(key), keyPrefix: key.slice(0, VISIBLE_LENGTH) })
    .returning();
  await recordAudit(db, { action: "api_key.created", actorKind: "user", actorUserId: userId, targetType: "api_key", targetId: row.id });
  return { id: row.id, name: row.name, key, createdAt: row.createdAt.toISOString() };
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
    createdAt: r.createdAt.toISOString(),
    lastUsed: r.lastUsed?.toISOString() ?? null,
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
 * The owner of a bearer key, counting the use, acting in their organisation as it is now: a key made in another
 * organisation (its maker was moved since) reaches nothing. Unknown keys, such keys and keys of deactivated users are
 * refused alike with 401: a caller learns nothing about which keys exist.
 */
export async function authenticateApiKey(db: DbOrTx, authorization: string | undefined) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!match) throw new AppError(401, "Missing API key: send the header 'Authorization: Bearer <key>'");
  const [used] = await db
    .update(schema.apiKeys)
    .set({ usageCount: sql`${schema.apiKeys.usageCount} + 1`, lastUsed: new Date() })
    .where(eq(schema.apiKeys.keyHash, hashToken(match[1])))
    .returning({ id: schema.apiKeys.id, userId: schema.apiKeys.userId, organisationId: schema.apiKeys.organisationId });
  if (!used) throw new AppError(401, "Invalid API key");
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, used.userId));
  if (!user?.isActive || user.organisationId !== used.organisationId) throw new AppError(401, "Invalid API key");
  if (await organisationSuspended(db, user.organisationId)) throw new AppError(403, SUSPENDED_MESSAGE);
  return { keyId: used.id, user };
}
