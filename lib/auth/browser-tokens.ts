import { and, eq, gt } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import type { ClientInfo } from "./sessions.ts";
import { generateToken, hashToken } from "./tokens.ts";

export const REMEMBER_BROWSER_DAYS = 30;

/** "Remember this browser": the cookie holds the token, the table holds its hash, bound to one user. */
export async function rememberBrowser(db: DbOrTx, userId: string, client: ClientInfo) {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + REMEMBER_BROWSER_DAYS * 86_400_000);
  await db.insert(schema.browserTokens).values({
    userId,
    token: hashToken(token),
    userAgent: client.userAgent?.slice(0, 500),
    ipAddress: client.ipAddress,
    expiresAt,
  });
  return { token, expiresAt };
}

/** True when this browser token was issued to this user and has not expired; records its use. */
export async function isRememberedBrowser(db: DbOrTx, userId: string, token: string | undefined) {
  if (!token) return false;
  const used = await db
    .update(schema.browserTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(schema.browserTokens.token, hashToken(token)), eq(schema.browserTokens.userId, userId), gt(schema.browserTokens.expiresAt, new Date())))
    .returning({ id: schema.browserTokens.id });
  return used.length === 1;
}

export async function forgetBrowsers(db: DbOrTx, userId: string) {
  await db.delete(schema.browserTokens).where(eq(schema.browserTokens.userId, userId));
}
