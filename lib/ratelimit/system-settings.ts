/** The per-address throttles' allowances (system settings of the rate limits'). */
import { allowance } from "../settings/numbers.ts";
import { registerSettings, type SettingValues } from "../settings/registry.ts";

export const addressThrottleSettings = registerSettings({
  /** Registrations (created, or refused as a duplicate email) one client address may make per hour. */
  registrationsPerAddressPerHour: {
    schema: allowance("registrationsPerAddressPerHour"),
    default: 5,
    description: "Registrations one client address may make per hour",
    category: "security",
  },
  /** Failed API-key and embed-token authentications from one client address within 15 minutes. */
  bearerFailuresPerAddress: {
    schema: allowance("bearerFailuresPerAddress"),
    default: 30,
    description: "Failed API-key and embed-token authentications from one client address within 15 minutes",
    category: "security",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof addressThrottleSettings> {}
}
