/** The credit packages offered for purchase (a system setting of billing's). */
import { z } from "zod";
import { whole } from "../settings/numbers.ts";
import { registerSettings, type SettingValues } from "../settings/registry.ts";
import { text } from "../validation/text.ts";

export const creditPackageSchema = z.object({
  credits: whole("credits").positive("A package's credits must be positive").max(10_000_000, "A package's credits must be at most 10,000,000"),
  price: z
    .number({ error: "price must be a number" })
    .positive("A package's price must be positive")
    .max(1_000_000, "A package's price must be at most 1,000,000")
    .refine((price) => Math.abs(Math.round(price * 100) - price * 100) < 1e-6, "A package's price must be in whole cents"),
  popular: z.boolean({ error: "popular must be true or false" }).optional(),
  description: text({ field: "description", max: 200 }).optional(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const billingSettings = registerSettings({
  creditPackages: {
    schema: z
      .array(creditPackageSchema, { error: "creditPackages must be a list" })
      .min(1, "At least one credit package")
      .max(20, "At most 20 credit packages")
      .refine((packages) => packages.filter((p) => p.popular).length <= 1, "At most one credit package can be marked popular"),
    default: [
      { credits: 100, price: 29 },
      { credits: 500, price: 109, popular: true },
      { credits: 1000, price: 199 },
      { credits: 2500, price: 399 },
      { credits: 10000, price: 1299 },
      { credits: 100000, price: 9999 },
    ],
    description: "Credit packages offered for purchase (USD)",
    category: "pricing",
  },
});

declare module "../settings/registry.ts" {
  interface SystemSettings extends SettingValues<typeof billingSettings> {}
}
