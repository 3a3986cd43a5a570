/**
 * Embed tokens: what a host application's backend hands to the embedded screening components instead of its API key.
 * Random, stored as SHA-256 like API keys, bound to the key's owner and the key (whose rate limits they use), scoped,
 * and short-lived.
 */

import { and, eq, lt, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { type ApiKeyScope, missingScopeMessage, orderedScopes } from "../auth/api-key-scopes.ts";
import { organisationOf } from "../auth/organisation-of.ts";
import type { UserRow } from "../auth/sessions.ts";
import { organisationSuspended, SUSPENDED_MESSAGE } from "../auth/suspension.ts";
import { generateToken, hashToken } from "../auth/tokens.ts";
import { type Clock, systemClock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { type CreatedEmbedToken, DEFAULT_EMBED_SCOPES, EMBED_SCOPES, EMBED_TOKEN_TTL, type EmbedScope } from "./schemas.ts";

/** Embed tokens start with this, API keys with "dck_": one Authorization header takes either. */
export const EMBED_TOKEN_PREFIX = "dce_";

/** How long an expired token is kept (so it still reads "expired" rather than unknown) before it is deleted. */
const KEEP_EXPIRED_MS = 60 * 60 * 1000;

export const isEmbedToken = (bearer: string) => bearer.startsWith(EMBED_TOKEN_PREFIX);

export interface CreateEmbedTokenInput {
  userId: string;
  apiKeyId: string;
  ttlSeconds?: number;
  scopes?: EmbedScope[];
}

/** The key scope each embed scope stands for. */
const KEY_SCOPE_OF: Record<EmbedScope, ApiKeyScope> = { screening: "screen", decisions: "review" };

/**
 * Creates a token for the key's owner; the token is in this answer only. Tokens that expired over an hour ago (any
 * user's) are deleted here, so the table holds at most about an hour and a half of tokens without a scheduler.
 */
export async function createEmbedToken(db: DbOrTx, input: CreateEmbedTokenInput, clock: Clock = systemClock): Promise<CreatedEmbedToken> {
  const ttlSeconds = input.ttlSeconds ?? EMBED_TOKEN_TTL.defaultSeconds;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < EMBED_TOKEN_TTL.minSeconds || ttlSeconds > EMBED_TOKEN_TTL.maxSeconds) {
    throw new AppError(400, `ttlSeconds must be from ${EMBED_TOKEN_TTL.minSeconds} to ${EMBED_TOKEN_TTL.maxSeconds}`);
  }
  const scopes = [...new Set(input.scopes ?? DEFAULT_EMBED_SCOPES)];
  // A token never does more than the key that asks for it: decisions need the key's review scope.
  const [key] = await db.select({ scopes: schema.apiKeys.scopes }).from(schema.apiKeys).where(eq(schema.apiKeys.id, input.apiKeyId));
  for (const scope of scopes) {
    const needed = KEY_SCOPE_OF[scope];
    if (!key?.scopes.includes(needed)) throw new AppError(403, missingScopeMessage(needed));
  }
  const now = clock.now();
  await deleteExpiredEmbedTokens(db, now);
  const token = EMBED_TOKEN_PREFIX + generateToken(20);
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(schema.embedTokens).values({
    userId: input.userId,
    organisationId: organisationOf(input.userId),
    apiKeyId: input.apiKeyId,
    tokenHash: hashToken(token),
    scopes,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt: expiresAt.toISOString(), scopes };
}

export async function deleteExpiredEmbedTokens(db: DbOrTx, now: Date = new Date()) {
  await db.delete(schema.embedTokens).where(lt(schema.embedTokens.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
}

export interface VerifiedEmbedToken {
  tokenId: string;
  user: UserRow;
  /** The key the token came from: its rate limits apply. */
  apiKeyId: string;
  scopes: EmbedScope[];
  /** The scopes of that key: a token never does more than its key may (each call's scope is checked on them too). */
  keyScopes: ApiKeyScope[];
  expiresAt: Date;
}

/**
 * The owner of a bearer embed token allowed `scope` (null: any scope; the caller decides), counting the use on the
 * key it came from, acting in the organisation the token was made in. An unknown token, a deactivated owner, an
 * owner moved to another organisation or an expired token are each refused with 401 and a
 * message saying which (a caller learns nothing about other tokens: only its own token's state); a valid token
 * without the scope with 403, since asking for a new token would not help: its owner did not allow the call.
 */
export async function verifyEmbedToken(db: DbOrTx, token: string, scope: EmbedScope | null, clock: Clock = systemClock): Promise<VerifiedEmbedToken> {
  const [row] = await db
    .select({ token: schema.embedTokens, user: schema.users, key: { scopes: schema.apiKeys.scopes, expiresAt: schema.apiKeys.expiresAt } })
    .from(schema.embedTokens)
    .innerJoin(schema.users, eq(schema.users.id, schema.embedTokens.userId))
    .innerJoin(schema.apiKeys, eq(schema.apiKeys.id, schema.embedTokens.apiKeyId))
    .where(eq(schema.embedTokens.tokenHash, hashToken(token)));
  // A token made in another organisation than its owner's now (the owner was moved since) reaches nothing.
  if (!row?.user.isActive || row.user.organisationId !== row.token.organisationId) throw new AppError(401, "Invalid embed token");
  if (await organisationSuspended(db, row.user.organisationId)) throw new AppError(403, SUSPENDED_MESSAGE);
  const now = clock.now();
  // The key's end ends its tokens: an expired or rotated-out key gives no more access through a token it made.
  if (row.token.expiresAt.getTime() <= now.getTime() || (row.key.expiresAt && row.key.expiresAt.getTime() <= now.getTime())) {
    throw new AppError(401, "The embed token has expired: ask your backend for a new one (POST /api/v1/embed-tokens)");
  }
  const scopes = row.token.scopes.filter((s): s is EmbedScope => (EMBED_SCOPES as readonly string[]).includes(s));
  if (scope && !scopes.includes(scope)) {
    throw new AppError(403, `The embed token does not allow ${scope} calls: its owner's backend must ask for the ${scope} scope when creating it`);
  }
  await db
    .update(schema.apiKeys)
    .set({ usageCount: sql`${schema.apiKeys.usageCount} + 1`, lastUsed: now })
    .where(and(eq(schema.apiKeys.id, row.token.apiKeyId), eq(schema.apiKeys.userId, row.user.id)));
  const keyScopes = orderedScopes(row.key.scopes);
  return { tokenId: row.token.id, user: row.user, apiKeyId: row.token.apiKeyId, scopes, keyScopes, expiresAt: row.token.expiresAt };
}
