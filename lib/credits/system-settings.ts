/** The credits' system settings: what a search costs, and what a new account starts with. */

import { whole } from "../settings/numbers.ts";
import { registerSettings, type SettingValues } from "../settings/registry.ts";

const cost = (field: string) => whole(field).min(0, `${field} must be at least 0`).max(1000, `${field} must be at most 1,000`);

export const creditSettings = registerSettings({
  manualSearchCost: { schema: cost("manualSearchCost"), default: 10, description: "Credits charged for a manual search", category: "pricing" },
  automatedSearchCost: {
    schema: cost("automatedSearchCost"),
    default: 1,
    description: "Credits charged for an automatic (monitoring) check",
    category: "pricing",
  },
  initialCredits: {
    schema: whole("initialCredits").min(0, "initialCredits must be at least 0").max(1_000_000, "initialCredits must be at most 1,000,000"),
    default: 25,
    description: "Free credits given to a new user",
    category: "registration",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof creditSettings> {}
}
