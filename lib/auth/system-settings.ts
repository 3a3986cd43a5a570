/** The accounts' system settings: who may register, two-factor, session lifetime and sign-in throttles. */
import { z } from "zod";
import { allowance, whole } from "../settings/numbers.ts";
import { registerSettings, type SettingValues } from "../settings/registry.ts";

export const accountSettings = registerSettings({
  /** Off: POST /api/auth/register answers 403 'Registration is closed' (admins and the CLI still create accounts). */
  registrationOpen: {
    schema: z.boolean({ error: "registrationOpen must be true or false" }),
    default: true,
    description: "Anyone may create an account at /register (off: only admins and the CLI create accounts)",
    category: "registration",
  },
  /** On: an account without 2FA is sent to /settings/2fa and its other calls answer 403 until it enrols. */
  requireTwoFactor: {
    schema: z.boolean({ error: "requireTwoFactor must be true or false" }),
    default: false,
    description: "Every account must use two-factor authentication: one without it is sent to set it up after signing in",
    category: "security",
  },
  /** Days a session lasts at most from its sign-in, however active it stays (besides the idle timeout). */
  sessionMaxDays: {
    schema: whole("sessionMaxDays").min(1, "sessionMaxDays must be at least 1").max(365, "sessionMaxDays must be at most 365"),
    default: 30,
    description: "Days a session lasts at most from its sign-in, however active",
    category: "security",
  },
});

export const loginThrottleSettings = registerSettings({
  /**
   * Failed sign-ins (and wrong passwords or codes given by a signed-in session) per account from one client address
   * within 15 minutes: counted per pair, so a stranger's guesses never lock the owner out of their own address.
   */
  loginFailuresPerAccount: {
    schema: allowance("loginFailuresPerAccount"),
    default: 5,
    description: "Failed sign-ins per account from one client address within 15 minutes",
    category: "security",
  },
  /** Failed sign-ins from one client address within 15 minutes, whichever accounts they name. */
  loginFailuresPerAddress: {
    schema: allowance("loginFailuresPerAddress"),
    default: 20,
    description: "Failed sign-ins from one client address within 15 minutes, whichever accounts",
    category: "security",
  },
  /** Failed sign-ins per account from all addresses together within 15 minutes; past it only known addresses and a correct 2FA code get in. */
  loginFailuresPerAccountAllAddresses: {
    schema: allowance("loginFailuresPerAccountAllAddresses"),
    default: 50,
    description: "Failed sign-ins per account from all addresses within 15 minutes; past it only known addresses and a correct 2FA code get in",
    category: "security",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof accountSettings>, SettingValues<typeof loginThrottleSettings> {}
}
