/** Whether a decision on a hit needs a second person, and whether clearing a sanctions match needs words (review's system settings). */
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
  /**
   * On: a false positive on a sanctions match (not a near miss) needs a written reason of at least 20 characters
   * (lib/review/clearance-rules.ts). Off by default, so API clients that clear with a reason code alone keep working.
   */
  writtenReasonToClearMatch: {
    schema: z.boolean({ error: "writtenReasonToClearMatch must be true or false" }),
    default: false,
    description: "A written reason to clear a sanctions match: a false positive on a match needs a text of at least 20 characters",
    category: "review",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof reviewSettings> {}
}
