/** Whether a decision on a hit needs a second person (a system setting of review's). */
import { z } from "zod";
import { registerSettings, type SettingValues } from "../settings/registry.ts";

export const reviewSettings = registerSettings({
  /** On: a decision on a hit is a proposal until a different admin or reviewer approves it (four eyes). */
  fourEyesReview: {
    schema: z.boolean({ error: "fourEyesReview must be true or false" }),
    default: false,
    description: "Four eyes: a decision on a hit takes effect only once a different admin or reviewer approves it",
    category: "review",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof reviewSettings> {}
}
