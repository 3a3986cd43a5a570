/** How the screening weighs what it finds (screening's system settings); see docs/decisions/pep-risk.md. */
import { z } from "zod";
import { registerSettings, type SettingValues } from "../settings/registry.ts";

export const screeningSettings = registerSettings({
  /**
   * On (the default, as FATF treats foreign PEPs as high-risk always): a PEP whose post is in another country than
   * the organisation's own, in office or left within 12 months, raises the risk to high; off: to medium, as a
   * domestic one. Without the organisation's country no PEP counts as foreign.
   */
  foreignPepHigherRisk: {
    schema: z.boolean({ error: "foreignPepHigherRisk must be true or false" }),
    default: true,
    description: "A foreign PEP (a post outside the organisation's country) raises the risk to high; off: to medium, as a domestic one",
    category: "screening",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof screeningSettings> {}
}
