/**
 * Failed sign-ins are counted in three windows of 15 minutes, each limited by a system setting:
 *
 *   - per account and client address: a stranger's guesses lock out the stranger's address, never the owner's own;
 *   - per client address, whichever accounts it names: one address cannot guess through many accounts;
 *   - per account, from all addresses together: many addresses guessing at one account. Past this limit the account is
 *     not closed to everyone, since that would let anyone lock anyone out: an address the account has signed in from
 *     before, and a correct second factor, still get in (lib/auth/login.ts).
 *
 * A signed-in session that gives a wrong password or code (changing the password, the 2FA settings) counts in the same
 * windows (lib/auth/proof-throttle.ts): a stolen session guesses no faster than a sign-in form.
 */
import type { DbOrTx } from "../../data/db.ts";
import type { AppError } from "../errors.ts";
import { currentCount, hit, resetWindow, resetWindowsStartingWith, secondsUntilReset, type Window } from "../ratelimit/fixed-window.ts";
import { tooManyRequests } from "../ratelimit/too-many.ts";
import { readSettings } from "../settings/system-settings.ts";
import { loginThrottleSettings } from "./system-settings.ts";

const WINDOW_SECONDS = 15 * 60;

interface LoginWindows {
  /** Used up, these refuse the address outright. */
  strict: Window[];
  /** Used up, this one leaves the account open to its known addresses and a correct second factor only. */
  account: Window | null;
}

const accountKey = (email: string) => `login-fail:account:${email}`;
const pairKey = (email: string, ip: string) => `${accountKey(email)}:ip:${ip}`;

async function windows(db: DbOrTx, email: string, ipAddress: string | null | undefined): Promise<LoginWindows> {
  const limits = await readSettings(db, loginThrottleSettings);
  const window = (key: string, limit: number): Window => ({ key, windowSeconds: WINDOW_SECONDS, limit });
  // A server not told the client's address (a CLI sign-in, say) counts per account alone, as strictly as per pair.
  if (!ipAddress) return { strict: [window(accountKey(email), limits.loginFailuresPerAccount)], account: null };
  return {
    strict: [window(`login-fail:ip:${ipAddress}`, limits.loginFailuresPerAddress), window(pairKey(email, ipAddress), limits.loginFailuresPerAccount)],
    account: window(accountKey(email), limits.loginFailuresPerAccountAllAddresses),
  };
}

const isOver = async (db: DbOrTx, window: Window) => (await currentCount(db, window)) >= window.limit;

export function tooManyFailures(window: Window, message = "Too many failed sign-in attempts."): AppError {
  return tooManyRequests(message, secondsUntilReset(window));
}

/**
 * Refuses with 429 while this address has used up its failures, on this account or on all accounts. Answers the
 * account's own window when the account as a whole is locked: then only a known address or a correct second factor
 * gets in.
 */
export async function assertLoginAllowed(db: DbOrTx, email: string, ipAddress?: string | null): Promise<{ accountLocked: Window | null }> {
  const w = await windows(db, email, ipAddress);
  for (const window of w.strict) if (await isOver(db, window)) throw tooManyFailures(window);
  return { accountLocked: w.account && (await isOver(db, w.account)) ? w.account : null };
}

/** Counts a failure in every window. */
export async function recordLoginFailure(db: DbOrTx, email: string, ipAddress?: string | null) {
  const w = await windows(db, email, ipAddress);
  for (const window of [...w.strict, ...(w.account ? [w.account] : [])]) await hit(db, window);
}

/** The account's used-up window for this address (per pair, or per account without an address), if it is used up. */
export async function spentAccountWindow(db: DbOrTx, email: string, ipAddress?: string | null): Promise<Window | null> {
  const w = await windows(db, email, ipAddress);
  const own = w.strict[w.strict.length - 1];
  return (await isOver(db, own)) ? own : null;
}

/**
 * A full sign-in clears the account's failures from its address only: the owner signing in must not reopen the account
 * to the many addresses guessing at it.
 */
export async function clearAddressFailures(db: DbOrTx, email: string, ipAddress: string | null | undefined) {
  await resetWindow(db, ipAddress ? pairKey(email, ipAddress) : accountKey(email));
}

/** A new password set through a link clears the account's failures from everywhere: the guesses were at the old one. */
export async function clearAccountFailures(db: DbOrTx, email: string) {
  await resetWindow(db, accountKey(email));
  await resetWindowsStartingWith(db, `${accountKey(email)}:ip:`);
}
