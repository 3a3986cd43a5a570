/** Every interface string exists in all four languages, and every key the web app uses is defined. */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createApiKeySchema } from "../../lib/auth/api-keys.ts";
import {
  changePasswordFormSchema,
  disableTwoFactorSchema,
  loginSchema,
  registerSchema,
  updateProfileSchema,
  verifyTwoFactorSchema,
} from "../../lib/auth/schemas.ts";
import { addEmbedOriginSchema } from "../../lib/embed/schemas.ts";
import { newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import { createSearchSchema, IDENTIFIER_KINDS } from "../../lib/screening/schemas.ts";
import de from "../../web/src/i18n/de.json";
import en from "../../web/src/i18n/en.json";
import es from "../../web/src/i18n/es.json";
import fr from "../../web/src/i18n/fr.json";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (dict: Record<string, string>) => new Set(Object.keys(dict).map((k) => k.replace(PLURAL_SUFFIX, "")));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("translations", () => {
  const english = baseKeys(en);

  for (const [language, dict] of Object.entries({ de, es, fr })) {
    test(`${language} has exactly the English keys, each translated`, () => {
      const keys = baseKeys(dict);
      expect([...english].filter((k) => !keys.has(k))).toEqual([]);
      expect([...keys].filter((k) => !english.has(k))).toEqual([]);
      for (const value of Object.values(dict)) expect(value.trim()).not.toBe("");
    });
  }

  test("every literal t() key in web/src is defined in English", () => {
    const root = join(import.meta.dir, "../../web/src");
    const used = new Set<string>();
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bt\(\s*"([^"]+)"/g)) used.add(match[1]);
      for (const match of text.matchAll(/(?:labelKey|Key)[=:]\s*"([^"]+)"/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !english.has(k))).toEqual([]);
  });

  test("every validation message the web forms can show has a translation key", () => {
    const LONG = "a".repeat(300);
    const invalid: [{ safeParse(value: unknown): { error?: { issues: { message: string }[] } } }, unknown][] = [
      [registerSchema, {}],
      [registerSchema, { fullName: " ", email: "x", phoneNumber: "1", company: " ", position: " ", password: "1" }],
      [loginSchema, { email: "x", password: "1" }],
      [updateProfileSchema, { fullName: "a", email: "x", phoneNumber: "1", company: "a", position: "a" }],
      [changePasswordFormSchema, { currentPassword: "", newPassword: "aaaaaaaa", confirmPassword: "" }],
      [changePasswordFormSchema, { currentPassword: "x", newPassword: "AAAAAAA", confirmPassword: "" }],
      [changePasswordFormSchema, { currentPassword: "x", newPassword: "Aa1!aaaa", confirmPassword: "other" }],
      [verifyTwoFactorSchema, { code: "12" }],
      [disableTwoFactorSchema, { password: "", code: "" }],
      [newMonitoredEntitySchema, { searchTerm: " ", country: "x" }],
      // Pasted control characters and over-long values (lib/validation/text.ts), as the forms and the server word them.
      [registerSchema, { fullName: "\u0001", email: "\u0001", phoneNumber: "\u0001", company: "\u0001", position: "\u0001", password: "\u0001" }],
      [registerSchema, { fullName: LONG, email: LONG, phoneNumber: LONG, company: LONG, position: LONG, password: LONG }],
      [updateProfileSchema, { fullName: "\u0001", email: "\u0001", phoneNumber: "\u0001", company: "\u0001", position: "\u0001" }],
      [updateProfileSchema, { fullName: LONG, email: LONG, phoneNumber: LONG, company: LONG, position: LONG }],
      [loginSchema, { email: "\u0001", password: "\u0001" }],
      [changePasswordFormSchema, { currentPassword: "\u0001", newPassword: "\u0001", confirmPassword: "" }],
      [changePasswordFormSchema, { currentPassword: LONG, newPassword: LONG, confirmPassword: "" }],
      [verifyTwoFactorSchema, { code: "\u0001" }],
      [verifyTwoFactorSchema, { code: LONG }],
      [disableTwoFactorSchema, { password: LONG, code: LONG }],
      [createApiKeySchema, { name: "\u0001" }],
      [createSearchSchema, { searchTerm: "\u0001" }],
      // The "More details" section of the search form (query by example).
      [createSearchSchema, { searchTerm: "x", details: { birthDate: "56", nationality: "XX", identifiers: [{ kind: "passport", value: " " }] } }],
      [
        createSearchSchema,
        {
          searchTerm: "x",
          details: {
            identifiers: [
              { kind: "passport", value: "\u0001" },
              { kind: "lei", value: LONG },
            ],
          },
        },
      ],
      [createSearchSchema, { searchTerm: "x", details: { identifiers: Array.from({ length: 11 }, () => ({ kind: "imo", value: "IMO 9187629" })) } }],
      [createSearchSchema, { searchTerm: "x", details: { birthDate: "1800-02-30", identifiers: IDENTIFIER_KINDS.map((kind) => ({ kind, value: "x1" })) } }],
      ...[
        "",
        "app.example.com",
        "https://u:p@app.example.com",
        "https://app.example.com/x",
        "https://*.example.com",
        "http://app.example.com",
        "\u0001",
        LONG + LONG,
      ].map((origin): [typeof addEmbedOriginSchema, unknown] => [addEmbedOriginSchema, { origin }]),
    ];
    const messages = new Set(invalid.flatMap(([schema, value]) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? []));
    expect(messages.size).toBeGreaterThan(15);
    expect([...messages].filter((m) => !english.has(m))).toEqual([]);
  });
});
