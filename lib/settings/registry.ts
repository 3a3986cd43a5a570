/**
 * The system settings (stored in system_settings, changed by admins and `duecheck settings`) belong to the
 * capabilities that apply them: each declares its own, with its rule, default, description and category, and
 * registers them here when its settings module loads (lib/<capability>/system-settings.ts). lib/settings imports none
 * of them. A module that reads a setting imports the group that declares it, so the setting is registered before it
 * is read; the admin screen's catalog (lib/admin/settings-schema.ts) imports every group, and every process loads it
 * at start-up (lib/wiring.ts), so the seed and the full reads see them all. Only zod types: the web bundle includes
 * this file.
 */
import type { z } from "zod";

export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  /** The rule a stored or submitted value must meet. */
  schema: S;
  /** The value until an admin sets one (and when a stored row is missing). */
  default: z.output<S>;
  /** Stored beside the value, for whoever reads the table. */
  description: string;
  category: string;
}

export type SettingGroup<S extends Record<string, z.ZodType> = Record<string, z.ZodType>> = { [K in keyof S]: SettingDefinition<S[K]> };

export type SettingValues<G> = { [K in keyof G]: G[K] extends SettingDefinition<infer S> ? z.output<S> : never };

/**
 * The value of every setting, by key. Each capability adds its own in its settings module:
 * `declare module "../settings/registry.ts" { interface SystemSettings extends SettingValues<typeof group> {} }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the capabilities' declarations fill it in
export interface SystemSettings {}

const registered = new Map<string, SettingDefinition>();

const defaults: Partial<SystemSettings> = {};

/** The default of every registered setting, filled in as the groups register. */
export const DEFAULT_SETTINGS = defaults as SystemSettings;

/** Registers a capability's settings; a key another group already declared is refused. Answers the group. */
export function registerSettings<S extends Record<string, z.ZodType>>(group: SettingGroup<S>): SettingGroup<S> {
  for (const [key, definition] of Object.entries<SettingDefinition>(group)) {
    const known = registered.get(key);
    if (known && known !== definition) throw new Error(`The setting ${key} is declared twice`);
    registered.set(key, definition);
    Object.assign(defaults, { [key]: definition.default });
  }
  return group;
}

/** The registered setting's definition; an unregistered key is a programming error (its group was never loaded). */
export function settingDefinition(key: string): SettingDefinition {
  const definition = registered.get(key);
  if (!definition) throw new Error(`No capability registered the setting ${key}: import the group that declares it`);
  return definition;
}

export function registeredSettings(): ReadonlyMap<string, SettingDefinition> {
  return registered;
}
