/** Whether outgoing requests may reach non-public addresses (a system setting of the outgoing guard's). */
import { z } from "zod";
import { registerSettings, type SettingValues } from "../settings/registry.ts";

export const outgoingSettings = registerSettings({
  /**
   * On: outgoing requests to URLs users and administrators set (webhook deliveries, dataset downloads) may reach
   * loopback, private, link-local and other non-public addresses. The name is historical: it covers every such request.
   */
  webhooksAllowPrivateNetworks: {
    schema: z.boolean({ error: "webhooksAllowPrivateNetworks must be true or false" }),
    default: false,
    description: "Let webhook deliveries and dataset downloads reach private, loopback and link-local addresses (off: only public addresses)",
    category: "network",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof outgoingSettings> {}
}
