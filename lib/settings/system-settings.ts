/**
 * The stored system settings, seeded, read and changed here for every capability. Which settings exist, their rules
 * and defaults, is the capabilities' business: each registers its own group (lib/settings/registry.ts).
 */
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { type DbOrTx, schema } from "../../data/db.ts";
import { DEFAULT_SETTINGS, registeredSettings, type SettingGroup, type SettingValues, type SystemSettings, settingDefinition } from "./registry.ts";

export { DEFAULT_SETTINGS, type SystemSettings } from "./registry.ts";

/** Inserts the defaults that are missing; existing values are kept. */
export async function seedSystemSettings(db: DbOrTx) {
  for (const [key, { default: value, description, category }] of registeredSettings()) {
    await db.insert(schema.systemSettings).values({ key, value, description, category }).onConflictDoNothing({ target: schema.systemSettings.key });
  }
}

/** Every registered setting: the stored value, else the default; a stored value that breaks its rule throws. */
export async function getSystemSettings(db: DbOrTx): Promise<SystemSettings> {
  const rows = await db.select().from(schema.systemSettings);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return registeredSchema().parse({ ...DEFAULT_SETTINGS, ...stored });
}

/** The settings of one capability's group, in one read: holding the group, the reader knows they are registered. */
export async function readSettings<G extends SettingGroup>(db: DbOrTx, group: G): Promise<SettingValues<G>> {
  const keys = Object.keys(group);
  const rows = await db.select().from(schema.systemSettings).where(inArray(schema.systemSettings.key, keys));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(keys.map((key) => [key, stored.has(key) ? group[key].schema.parse(stored.get(key)) : group[key].default])) as SettingValues<G>;
}

export async function getSystemSetting<K extends keyof SystemSettings & string>(db: DbOrTx, key: K): Promise<SystemSettings[K]> {
  const definition = settingDefinition(key);
  const [row] = await db.select().from(schema.systemSettings).where(eq(schema.systemSettings.key, key));
  if (!row) return DEFAULT_SETTINGS[key];
  return definition.schema.parse(row.value) as SystemSettings[K];
}

export async function updateSystemSettings(db: DbOrTx, values: Partial<SystemSettings>, updatedBy?: string) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const { description, category } = settingDefinition(key);
    await db
      .insert(schema.systemSettings)
      .values({ key, value, updatedBy, description, category })
      .onConflictDoUpdate({
        target: schema.systemSettings.key,
        set: { value, updatedBy, updatedAt: sql`now()` },
      });
  }
}

let built: { size: number; schema: z.ZodType<SystemSettings> } | null = null;

/**
 * The rules of every registered setting as one object (rebuilt when a group registers later). Typed as every
 * declared setting: the catalog, loaded at start-up, registers them all.
 */
function registeredSchema(): z.ZodType<SystemSettings> {
  const settings = registeredSettings();
  if (built?.size !== settings.size) {
    const shape = Object.fromEntries([...settings].map(([key, definition]) => [key, definition.schema]));
    built = { size: settings.size, schema: z.object(shape) as z.ZodType as z.ZodType<SystemSettings> };
  }
  return built.schema;
}
