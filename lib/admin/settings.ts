import type { Db } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { getSystemSettings, type SystemSettings, updateSystemSettings } from "../settings/system-settings.ts";
import type { AdminSettings } from "./schemas.ts";
import { systemSettingsSchema } from "./settings-schema.ts";
import type { AdminActor } from "./users.ts";

/** Every setting, in the catalog's order (the order the screen and the CLI list them). */
export function adminSettingsView(settings: SystemSettings): AdminSettings {
  return Object.fromEntries(Object.keys(systemSettingsSchema.shape).map((key) => [key, settings[key as keyof SystemSettings]])) as AdminSettings;
}

export async function getAdminSettings(db: Db): Promise<AdminSettings> {
  return adminSettingsView(await getSystemSettings(db));
}

/** Saves the given settings (already validated) and records what changed; the next search or registration reads them. */
export async function saveSettings(db: Db, actor: AdminActor, values: Partial<SystemSettings>): Promise<SystemSettings> {
  return db.transaction(async (tx) => {
    const before = await getSystemSettings(tx);
    await updateSystemSettings(tx, values, actor.userId ?? undefined);
    const after = await getSystemSettings(tx);
    const changed = (Object.keys(values) as (keyof SystemSettings)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    await recordAudit(tx, {
      action: "admin.settings_updated",
      actorKind: actor.kind,
      actorUserId: actor.userId ?? null,
      ipAddress: actor.ipAddress ?? null,
      targetType: "system_settings",
      details: { before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, after[k]])) },
    });
    return after;
  });
}
