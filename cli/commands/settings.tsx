import type { Command } from "commander";
import { saveSettings } from "../../lib/admin/settings.ts";
import { systemSettingsSchema } from "../../lib/admin/settings-schema.ts";
import { getSystemSettings, type SystemSettings } from "../../lib/settings/system-settings.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";

const KEYS = Object.keys(systemSettingsSchema.shape) as (keyof SystemSettings)[];

function settingKey(key: string, t: ReturnType<typeof words>["t"]): keyof SystemSettings {
  if (!(KEYS as string[]).includes(key)) failWith(t.admin.unknownSetting(key, KEYS.join(", ")));
  return key as keyof SystemSettings;
}

/** VALUE as typed: a number, true/false, or JSON (the credit packages); anything else is text, refused by the rules. */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function registerSettings(program: Command) {
  const settings = program.command("settings").description("System settings (pricing, credit packages, registration, webhooks)");

  settings
    .command("get")
    .description("Print the settings, or one of them, as KEY VALUE lines (VALUE is JSON)")
    .argument("[key]", `one of: ${KEYS.join(", ")}`)
    .option("--json", "print as one JSON object")
    .action(async (key: string | undefined, options: { json?: boolean }) => {
      const { t } = words(undefined);
      const chosen = key === undefined ? KEYS : [settingKey(key, t)];
      const values = await withDatabase(({ db }) => getSystemSettings(db));
      if (options.json) return printJson(Object.fromEntries(chosen.map((k) => [k, values[k]])));
      for (const k of chosen) console.log(`${k} ${JSON.stringify(values[k])}`);
    });

  withLanguageOption(settings.command("set"), "language of the output: en, de, es or fr (default en)")
    .description(
      "Change one setting; the rules of the admin screen apply (whole numbers, costs 0 to 1,000, at most one popular package). Recorded in the audit log",
    )
    .argument("<key>", `one of: ${KEYS.join(", ")}`)
    .argument("<value>", 'a number, true or false, or JSON for creditPackages: \'[{"credits":100,"price":29}]\'')
    .action(async (key: string, value: string, options: { language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const name = settingKey(key, t);
      const parsed = systemSettingsSchema.shape[name].safeParse(parseValue(value));
      if (!parsed.success) failWith(`${name}: ${parsed.error.issues[0].message}`);
      await withDatabase(({ db }) => saveSettings(db, { kind: "cli" }, { [name]: parsed.data }));
      console.log(t.admin.settingSaved(name));
    });
}
