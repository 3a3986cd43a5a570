import { and, eq, lt, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";

/**
 * Fixed-window counters stored in Postgres, so every server process shares them.
 * A window is identified by its start: floor(now / windowSeconds).
 */
export interface Window {
  key: string;
  windowSeconds: number;
  limit: number;
}

function windowStart(windowSeconds: number, now: number) {
  return new Date(Math.floor(now / 1000 / windowSeconds) * windowSeconds * 1000);
}

export function secondsUntilReset(window: Window, now = Date.now()) {
  const end = windowStart(window.windowSeconds, now).getTime() + window.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now) / 1000));
}

/** Adds one hit and returns the count in the current window (including this hit). */
export async function hit(db: DbOrTx, window: Window, now = Date.now()): Promise<number> {
  const start = windowStart(window.windowSeconds, now);
  const expiresAt = new Date(start.getTime() + window.windowSeconds * 1000);
  const [row] = await db
    .insert(schema.rateLimits)
    .values({ key: window.key, windowStart: start, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [schema.rateLimits.key, schema.rateLimits.windowStart],
      set: { count: sql`${schema.rateLimits.count} + 1` },
    })
    .returning({ count: schema.rateLimits.count });
  return row.count;
}

export async function currentCount(db: DbOrTx, window: Window, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ count: schema.rateLimits.count })
    .from(schema.rateLimits)
    .where(and(eq(schema.rateLimits.key, window.key), eq(schema.rateLimits.windowStart, windowStart(window.windowSeconds, now))));
  return row?.count ?? 0;
}

export async function resetWindow(db: DbOrTx, key: string) {
  await db.delete(schema.rateLimits).where(eq(schema.rateLimits.key, key));
}

/** Clears every window whose key starts with `prefix` (e.g. one account's counts from all addresses). */
export async function resetWindowsStartingWith(db: DbOrTx, prefix: string) {
  await db.delete(schema.rateLimits).where(sql`starts_with(${schema.rateLimits.key}, ${prefix})`);
}

export async function pruneExpiredWindows(db: DbOrTx, now = new Date()) {
  await db.delete(schema.rateLimits).where(lt(schema.rateLimits.expiresAt, now));
}
