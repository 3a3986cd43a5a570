/** How long screening records are kept (a system setting of retention's). */
import { whole } from "../settings/numbers.ts";
import { registerSettings, type SettingValues } from "../settings/registry.ts";
import { RETENTION_YEARS } from "./contract.ts";

export const retentionSettings = registerSettings({
  /** Searches older than this many years are purged daily, unless a legal hold keeps them (lib/retention/purge.ts). */
  retentionYears: {
    schema: whole("retentionYears")
      .min(RETENTION_YEARS.min, `retentionYears must be at least ${RETENTION_YEARS.min}`)
      .max(RETENTION_YEARS.max, `retentionYears must be at most ${RETENTION_YEARS.max}`),
    default: RETENTION_YEARS.default,
    description: "Years a screening record is kept before the daily purge removes it (legal holds keep it longer)",
    category: "retention",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof retentionSettings> {}
}
