import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { currentCount, hit, resetWindow, secondsUntilReset, type Window } from "../ratelimit/fixed-window.ts";

/** Failed sign-ins allowed per account and per client address within 15 minutes. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 20;
const WINDOW_SECONDS = 15 * 60;

function windows(email: string, ipAddress: string | null | undefined): Window[] {
  const list: Window[] = [{ key: `login-fail:account:${email}`, windowSeconds: WINDOW_SECONDS, limit: LOGIN_FAILURES_PER_ACCOUNT }];
  if (ipAddress) {
    list.push({ key: `login-fail:ip:${ipAddress}`, windowSeconds: WINDOW_SECONDS, limit: LOGIN_FAILURES_PER_ADDRESS });
  }
  return list;
}

/** Refuses with 429 while the account or the address has used up its failed attempts. */
export async function assertLoginAllowed(db: DbOrTx, email: string, ipAddress?: string | null) {
  for (const w of windows(email, ipAddress)) {
    if ((await currentCount(db, w)) >= w.limit) {
      const seconds = secondsUntilReset(w);
      const minutes = Math.ceil(seconds / 60);
      throw new AppError(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, seconds);
    }
  }
}

export async function recordLoginFailure(db: DbOrTx, email: string, ipAddress?: string | null) {
  for (const w of windows(email, ipAddress)) await hit(db, w);
}

export async function clearAccountFailures(db: DbOrTx, email: string) {
  await resetWindow(db, `login-fail:account:${email}`);
}
