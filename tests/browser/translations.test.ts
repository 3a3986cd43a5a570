/**
 * Every interface string exists in all four languages, and every key the web app and @duecheck/react use is defined:
 * the app's words (web/src/i18n), the words of the screens it shares with the package (packages/react/src/i18n/words,
 * the app takes them from there), the package's own (packages/react/src/i18n) and the server's messages (lib/i18n).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ownDe from "@duecheck/react/i18n/de.json";
import ownEn from "@duecheck/react/i18n/en.json";
import ownEs from "@duecheck/react/i18n/es.json";
import ownFr from "@duecheck/react/i18n/fr.json";
import sharedDe from "@duecheck/react/i18n/words/de.json";
import sharedEn from "@duecheck/react/i18n/words/en.json";
import sharedEs from "@duecheck/react/i18n/words/es.json";
import sharedFr from "@duecheck/react/i18n/words/fr.json";
import { createApiKeySchema } from "../../lib/auth/api-keys.ts";
import {
  changePasswordFormSchema,
  disableTwoFactorSchema,
  loginSchema,
  registerSchema,
  updateProfileSchema,
  verifyTwoFactorSchema,
} from "../../lib/auth/schemas.ts";
import { openCaseSchema } from "../../lib/cases/contract.ts";
import { addEmbedOriginSchema } from "../../lib/embed/schemas.ts";
import messagesDe from "../../lib/i18n/de.json";
import messagesEn from "../../lib/i18n/en.json";
import messagesEs from "../../lib/i18n/es.json";
import messagesFr from "../../lib/i18n/fr.json";
import { newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import { inviteMemberSchema } from "../../lib/organisations/contract.ts";
import { createSearchSchema, IDENTIFIER_KINDS } from "../../lib/screening/schemas.ts";
import accountsDe from "../../web/src/accounts/i18n/de.json";
import accountsEn from "../../web/src/accounts/i18n/en.json";
import accountsEs from "../../web/src/accounts/i18n/es.json";
import accountsFr from "../../web/src/accounts/i18n/fr.json";
import { createKeyFormSchema } from "../../web/src/api-access/create-key-form.ts";
import casesDe from "../../web/src/cases/i18n/de.json";
import casesEn from "../../web/src/cases/i18n/en.json";
import casesEs from "../../web/src/cases/i18n/es.json";
import casesFr from "../../web/src/cases/i18n/fr.json";
import appDe from "../../web/src/i18n/de.json";
import appEn from "../../web/src/i18n/en.json";
import appEs from "../../web/src/i18n/es.json";
import appFr from "../../web/src/i18n/fr.json";
import { en } from "../../web/src/i18n/words.ts";
import notificationsDe from "../../web/src/notifications/i18n/de.json";
import notificationsEn from "../../web/src/notifications/i18n/en.json";
import notificationsEs from "../../web/src/notifications/i18n/es.json";
import notificationsFr from "../../web/src/notifications/i18n/fr.json";
import organisationsDe from "../../web/src/organisations/i18n/de.json";
import organisationsEn from "../../web/src/organisations/i18n/en.json";
import organisationsEs from "../../web/src/organisations/i18n/es.json";
import organisationsFr from "../../web/src/organisations/i18n/fr.json";
import reviewDe from "../../web/src/review/i18n/de.json";
import reviewEn from "../../web/src/review/i18n/en.json";
import reviewEs from "../../web/src/review/i18n/es.json";
import reviewFr from "../../web/src/review/i18n/fr.json";
import sanctionsDe from "../../web/src/sanctions/i18n/de.json";
import sanctionsEn from "../../web/src/sanctions/i18n/en.json";
import sanctionsEs from "../../web/src/sanctions/i18n/es.json";
import sanctionsFr from "../../web/src/sanctions/i18n/fr.json";
import watchlistsDe from "../../web/src/watchlists/i18n/de.json";
import watchlistsEn from "../../web/src/watchlists/i18n/en.json";
import watchlistsEs from "../../web/src/watchlists/i18n/es.json";
import watchlistsFr from "../../web/src/watchlists/i18n/fr.json";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (dict: Record<string, string>) => new Set(Object.keys(dict).map((k) => k.replace(PLURAL_SUFFIX, "")));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

type Words = Record<string, string>;
const FILES: Record<string, Record<"en" | "de" | "es" | "fr", Words>> = {
  "web/src/i18n": { en: appEn, de: appDe, es: appEs, fr: appFr },
  "web/src/review/i18n": { en: reviewEn, de: reviewDe, es: reviewEs, fr: reviewFr },
  "web/src/cases/i18n": { en: casesEn, de: casesDe, es: casesEs, fr: casesFr },
  "web/src/notifications/i18n": { en: notificationsEn, de: notificationsDe, es: notificationsEs, fr: notificationsFr },
  "web/src/sanctions/i18n": { en: sanctionsEn, de: sanctionsDe, es: sanctionsEs, fr: sanctionsFr },
  "web/src/accounts/i18n": { en: accountsEn, de: accountsDe, es: accountsEs, fr: accountsFr },
  "web/src/organisations/i18n": { en: organisationsEn, de: organisationsDe, es: organisationsEs, fr: organisationsFr },
  "web/src/watchlists/i18n": { en: watchlistsEn, de: watchlistsDe, es: watchlistsEs, fr: watchlistsFr },
  "packages/react/src/i18n/words": { en: sharedEn, de: sharedDe, es: sharedEs, fr: sharedFr },
  "packages/react/src/i18n": { en: ownEn, de: ownDe, es: ownEs, fr: ownFr },
  "lib/i18n": { en: messagesEn, de: messagesDe, es: messagesEs, fr: messagesFr },
};

/** The literal keys of t("...") calls (and of *Key props) in a folder's code. */
function literalKeys(root: string) {
  const used = new Set<string>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/\bt\(\s*"([^"]+)"/g)) used.add(match[1]);
    for (const match of text.matchAll(/(?:labelKey|Key)[=:]\s*"([^"]+)"/g)) used.add(match[1]);
  }
  return used;
}

describe("translations", () => {
  const english = baseKeys(en);

  for (const [folder, languages] of Object.entries(FILES)) {
    const ownEnglish = baseKeys(languages.en);
    for (const [language, dict] of Object.entries(languages).filter(([l]) => l !== "en")) {
      test(`${folder}: ${language} has exactly the English keys, each translated`, () => {
        const keys = baseKeys(dict);
        expect([...ownEnglish].filter((k) => !keys.has(k))).toEqual([]);
        expect([...keys].filter((k) => !ownEnglish.has(k))).toEqual([]);
        for (const value of Object.values(dict)) expect(value.trim()).not.toBe("");
      });
    }
  }

  test("each key is defined in one place", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [folder, { en: words }] of Object.entries(FILES)) {
      for (const key of Object.keys(words)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${folder}`);
        seen.set(key, folder);
      }
    }
    expect(twice).toEqual([]);
  });

  test("every literal t() key in web/src is defined in English", () => {
    const used = literalKeys(join(import.meta.dir, "../../web/src"));
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !english.has(k))).toEqual([]);
  });

  describe("@duecheck/react", () => {
    const root = join(import.meta.dir, "../../packages/react/src");
    /** What the package bundles: its words, its own, the server's messages (src/i18n/create-i18n.ts). */
    const languages = Object.fromEntries(
      (["en", "de", "es", "fr"] as const).map((l) => [
        l,
        baseKeys({ ...FILES["lib/i18n"][l], ...FILES["packages/react/src/i18n/words"][l], ...FILES["packages/react/src/i18n"][l] }),
      ]),
    );
    const code = sourceFiles(root).map((file) => readFileSync(file, "utf8"));
    /** Keys the code builds from a prefix: t(`risk.${level}`), t(`batch.status.${status}`). */
    const prefixes = new Set(code.flatMap((text) => [...text.matchAll(/\bt\(\s*`([a-z][\w.]*\.)\$\{/g)].map((m) => m[1])));

    for (const [language, keys] of Object.entries(languages)) {
      test(`every literal t() key in packages/react/src is defined in ${language}`, () => {
        const used = literalKeys(root);
        expect(used.size).toBeGreaterThan(50);
        expect([...used].filter((k) => !keys.has(k))).toEqual([]);
      });
    }

    test("every word in packages/react/src/i18n/words is one the package's code uses", () => {
      const literals = new Set(code.flatMap((text) => [...text.matchAll(/["'`]([a-z]\w*(?:\.\w+)+)["'`]/g)].map((m) => m[1])));
      const unused = [...baseKeys(sharedEn)].filter((k) => !literals.has(k) && ![...prefixes].some((p) => k.startsWith(p)));
      expect(unused).toEqual([]);
    });

    test("the keys it builds from a prefix have words", () => {
      expect(prefixes.size).toBeGreaterThan(3);
      for (const prefix of prefixes) {
        for (const keys of Object.values(languages)) expect([...keys].some((k) => k.startsWith(prefix))).toBe(true);
      }
    });
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
      [
        updateProfileSchema,
        {
          fullName: "\u0001",
          email: "\u0001",
          phoneNumber: "\u0001",
          company: "\u0001",
          position: "\u0001",
          currentPassword: "\u0001",
          twoFactorCode: "\u0001",
        },
      ],
      [updateProfileSchema, { fullName: LONG, email: LONG, phoneNumber: LONG, company: LONG, position: LONG, currentPassword: LONG, twoFactorCode: LONG }],
      [loginSchema, { email: "\u0001", password: "\u0001" }],
      [changePasswordFormSchema, { currentPassword: "\u0001", newPassword: "\u0001", confirmPassword: "" }],
      [changePasswordFormSchema, { currentPassword: LONG, newPassword: LONG, confirmPassword: "" }],
      [verifyTwoFactorSchema, { code: "\u0001" }],
      [verifyTwoFactorSchema, { code: LONG }],
      [disableTwoFactorSchema, { password: LONG, code: LONG }],
      [createApiKeySchema, { name: "\u0001" }],
      // The create-key form: no scope, a day that is not a date, one already begun, one too far away.
      [createKeyFormSchema, { name: "x", scopes: [], expiresAt: "30/06/2027" }],
      [createKeyFormSchema, { name: "x", scopes: ["read"], expiresAt: "2000-01-01" }],
      [createKeyFormSchema, { name: "x", scopes: ["read"], expiresAt: "2999-01-01" }],
      // "Invite a colleague" on /organisation (its role comes from a list, so it is always one of the roles).
      [inviteMemberSchema, { email: "x", fullName: " ", role: "analyst" }],
      [inviteMemberSchema, { email: "\u0001", fullName: "\u0001", role: "analyst" }],
      [inviteMemberSchema, { email: LONG, fullName: LONG, role: "analyst" }],
      // "New case" on /cases: its title and subject, and the details it shares with a search's.
      [openCaseSchema, { title: " ", subject: { name: " ", entityType: "person", birthDate: "56", nationality: "XX" } }],
      [openCaseSchema, { title: "\u0001", subject: { name: "\u0001", entityType: "person" } }],
      [openCaseSchema, { title: LONG, subject: { name: LONG, entityType: "person" } }],
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
