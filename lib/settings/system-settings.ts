import { eq, sql } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { systemSettingsSchema } from "../admin/settings-schema.ts";
import { RETENTION_YEARS } from "../retention/contract.ts";

export type { SystemSettings } from "../admin/settings-schema.ts";
export { creditPackageSchema, systemSettingsSchema } from "../admin/settings-schema.ts";

import type { SystemSettings } from "../admin/settings-schema.ts";

export const DEFAULT_SETTINGS: SystemSettings = {
  manualSearchCost: 10,
  automatedSearchCost: 1,
  initialCredits: 25,
  creditPackages: [
    { credits: 100, price: 29 },
    { credits: 500, price: 109, popular: true },
    { credits: 1000, price: 199 },
    { credits: 2500, price: 399 },
    { credits: 10000, price: 1299 },
    { credits: 100000, price: 9999 },
  ],
  webhooksAllowPrivateNetworks: false,
  registrationOpen: true,
  fourEyesReview: false,
  requireTwoFactor: false,
  retentionYears: RETENTION_YEARS.default,
  registrationsPerAddressPerHour: 5,
  loginFailuresPerAccount: 5,
  loginFailuresPerAddress: 20,
  loginFailuresPerAccountAllAddresses: 50,
  bearerFailuresPerAddress: 30,
  sessionMaxDays: 30,
};

const META: Record<keyof SystemSettings, { description: string; category: string }> = {
  manualSearchCost: { description: "Credits charged for a manual search", category: "pricing" },
  automatedSearchCost: { description: "Credits charged for an automatic (monitoring) check", category: "pricing" },
  initialCredits: { description: "Free credits given to a new user", category: "registration" },
  creditPackages: { description: "Credit packages offered for purchase (USD)", category: "pricing" },
  webhooksAllowPrivateNetworks: {
    description: "Let webhook deliveries and dataset downloads reach private, loopback and link-local addresses (off: only public addresses)",
    category: "network",
  },
  registrationOpen: { description: "Anyone may create an account at /register (off: only admins and the CLI create accounts)", category: "registration" },
  fourEyesReview: {
    description: "Four eyes: a decision on a hit takes effect only once a different admin or reviewer approves it",
    category: "review",
  },
  requireTwoFactor: {
    description: "Every account must use two-factor authentication: one without it is sent to set it up after signing in",
    category: "security",
  },
  registrationsPerAddressPerHour: { description: "Registrations one client address may make per hour", category: "security" },
  loginFailuresPerAccount: { description: "Failed sign-ins per account from one client address within 15 minutes", category: "security" },
  loginFailuresPerAddress: { description: "Failed sign-ins from one client address within 15 minutes, whichever accounts", category: "security" },
  loginFailuresPerAccountAllAddresses: {
    description: "Failed sign-ins per account from all addresses within 15 minutes; past it only known addresses and a correct 2FA code get in",
    category: "security",
  },
  bearerFailuresPerAddress: { description: "Failed API-key and embed-token authentications from one client address within 15 minutes", category: "security" },
  sessionMaxDays: { description: "Days a session lasts at most from its sign-in, however active", category: "security" },
  retentionYears: { description: "Years a screening record is kept before the daily purge removes it (legal holds keep it longer)", category: "retention" },
};

/** Inserts the defaults that are missing; existing values are kept. */
export async function seedSystemSettings(db: DbOrTx) {
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    await db
      .insert(schema.systemSettings)
      .values({ key, value, ...META[key as keyof SystemSettings] })
      .onConflictDoNothing({ target: schema.systemSettings.key });
  }
}

export async function getSystemSettings(db: DbOrTx): Promise<SystemSettings> {
  const rows = await db.select().from(schema.systemSettings);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return systemSettingsSchema.parse({ ...DEFAULT_SETTINGS, ...stored });
}

export async function getSystemSetting<K extends keyof SystemSettings>(db: DbOrTx, key: K): Promise<SystemSettings[K]> {
  const [row] = await db.select().from(schema.systemSettings).where(eq(schema.systemSettings.key, key));
  if (!row) return DEFAULT_SETTINGS[key];
  return systemSettingsSchema.shape[key].parse(row.value) as SystemSettings[K];
}

export async function updateSystemSettings(db: DbOrTx, values: Partial<SystemSettings>, updatedBy?: string) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insert(schema.systemSettings)
      .values({ key, value, updatedBy, ...META[key as keyof SystemSettings] })
      .onConflictDoUpdate({
        target: schema.systemSettings.key,
        set: { value, updatedBy, updatedAt: sql`now()` },
      });
  }
}
