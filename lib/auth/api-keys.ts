import { and, count, desc, eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import { organisationOf } from "./organisation-of.ts";
import type { ApiKeyListItem, CreatedApiKey } from "./schemas.ts";
import { organisationSuspended, SUSPENDED_MESSAGE } from "./suspension.ts";
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

export async function listApiKeys(db: DbOrTx, userId: string): Promise<ApiKeyListItem[]> {
  const rows = await db.select().from(schema.apiKeys).where(eq(schema.apiKeys.userId, userId)).orderBy(desc(schema.apiKeys.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    key: mask(r.keyPrefix),
    createdAt: r.createdAt.toISOString(),
    lastUsed: r.lastUsed?.toISOString() ?? null,
    usageCount: r.usageCount,
  }));
}

/** Deletes one of the user's keys; another user's key reads as not found. */
export async function deleteApiKey(db: DbOrTx, userId: string, keyId: string) {
  if (!isUuid(keyId)) throw new AppError(404, "API key not found");
  const deleted = await db
    .delete(schema.apiKeys)
    .where(and(eq(schema.apiKeys.id, keyId), eq(schema.apiKeys.userId, userId)))
    .returning({ id: schema.apiKeys.id });
  if (deleted.length === 0) throw new AppError(404, "API key not found");
  await recordAudit(db, { action: "api_key.deleted", actorKind: "user", actorUserId: userId, targetType: "api_key", targetId: keyId });
}

/**
 * The owner of a bearer key, counting the use. Unknown keys and keys of deactivated users are refused
 * alike with 401: a caller learns nothing about which keys exist.
 */
export async function authenticateApiKey(db: DbOrTx, authorization: string | undefined) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!match) throw new AppError(401, "Missing API key: send the header 'Authorization: Bearer <key>'");
  const [used] = await db
    .update(schema.apiKeys)
    .set({ usageCount: sql`${schema.apiKeys.usageCount} + 1`, lastUsed: new Date() })
    .where(eq(schema.apiKeys.keyHash, hashToken(match[1])))
    .returning({ id: schema.apiKeys.id, userId: schema.apiKeys.userId });
  if (!used) throw new AppError(401, "Invalid API key");
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, used.userId));
  if (!user?.isActive) throw new AppError(401, "Invalid API key");
  if (await organisationSuspended(db, user.organisationId)) throw new AppError(403, SUSPENDED_MESSAGE);
  return { keyId: used.id, user };
}
