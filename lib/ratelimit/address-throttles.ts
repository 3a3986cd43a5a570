/**
 * Per-address limits on what an anonymous client can repeat: registrations, and failed API-key or embed-token
 * authentications (as failed sign-ins are limited in lib/auth/login-throttle.ts). Counted in the shared fixed
 * windows, so every server process sees the same counts. Over the limit the call is 429 with Retry-After, checked
 * before the credential, so guessing goes no faster while the window lasts. The limits are system settings
 * (registrationsPerAddressPerHour, bearerFailuresPerAddress), so an operator can tune them.
 */
import type { DbOrTx } from "../../data/db.ts";
import { AppError } from "../errors.ts";
import { readSettings } from "../settings/system-settings.ts";
import { currentCount, hit, secondsUntilReset, type Window } from "./fixed-window.ts";
import { addressThrottleSettings } from "./system-settings.ts";
import { tooManyRequests } from "./too-many.ts";

/** Registrations that reach account creation (created, or refused as a duplicate email) per address and hour. */
const registrationWindow = async (db: DbOrTx, ip: string): Promise<Window> => ({
  key: `register:ip:${ip}`,
  windowSeconds: 3600,
  limit: (await readSettings(db, addressThrottleSettings)).registrationsPerAddressPerHour,
});
/** Failed API-key and embed-token authentications per address within 15 minutes (one count for both). */
const bearerFailureWindow = async (db: DbOrTx, ip: string): Promise<Window> => ({
  key: `bearer-fail:ip:${ip}`,
  windowSeconds: 15 * 60,
  limit: (await readSettings(db, addressThrottleSettings)).bearerFailuresPerAddress,
});

async function assertUnder(db: DbOrTx, window: Window, message: string) {
  if ((await currentCount(db, window)) >= window.limit) throw tooManyRequests(message, secondsUntilReset(window));
}

/** Refuses (429) a registration from an address that has used its hour's registrations; otherwise counts this one. */
export async function countRegistration(db: DbOrTx, ipAddress: string | null | undefined): Promise<void> {
  if (!ipAddress) return;
  const window = await registrationWindow(db, ipAddress);
  await assertUnder(db, window, "Too many registrations from this address.");
  await hit(db, window);
}

const BEARER_REFUSAL = "Too many failed API key or embed token authentications from this address.";

/**
 * Runs the authentication, refused (429) while the address has used up its failed API-key and embed-token
 * authentications; a 401 it throws is counted against the address before it is passed on. The window is read once:
 * every public API call passes here.
 */
export async function countingBearerFailures<T>(db: DbOrTx, ipAddress: string | null | undefined, authenticate: () => Promise<T>): Promise<T> {
  const window = ipAddress ? await bearerFailureWindow(db, ipAddress) : null;
  if (window) await assertUnder(db, window, BEARER_REFUSAL);
  try {
    return await authenticate();
  } catch (error) {
    if (window && error instanceof AppError && error.status === 401) await hit(db, window);
    throw error;
  }
}
