import type { Command } from "commander";
import { API_KEY_SCOPES, type ApiKeyScope, isApiKeyScope } from "../../lib/auth/api-key-scopes.ts";
import { createApiKey, createApiKeySchema, deleteApiKey, listApiKeys, rotateApiKey, rotateApiKeySchema } from "../../lib/auth/api-keys.ts";
import type { ApiKeyListItem } from "../../lib/auth/schemas.ts";
import { teamMemberOf } from "../../lib/auth/team-records.ts";
import { AppError } from "../../lib/errors.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { minute } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";

/** A 404 of lib becomes the CLI's own words. */
const notFound =
  ({ t }: Words, id: string) =>
  (error: unknown): never => {
    if (error instanceof AppError && error.status === 404) failWith(t.keys.notFound(id));
    throw error;
  };

/** --scopes: a comma-separated list of known scopes. */
function parseScopes(value: string | undefined, { t }: Pick<Words, "t">): ApiKeyScope[] | undefined {
  if (value === undefined) return undefined;
  const scopes = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (scopes.length === 0 || !scopes.every(isApiKeyScope)) failWith(t.keys.scopesInvalid(value, API_KEY_SCOPES.join(", ")));
  return scopes;
}

/** When the key stops working, in words: never, expired, the time, or the end of a rotation's grace. */
function expiryOf(key: ApiKeyListItem, { t }: Pick<Words, "t">): string {
  if (!key.expiresAt) return t.keys.never;
  if (new Date(key.expiresAt).getTime() <= Date.now()) return t.keys.expired;
  return key.replacedById ? t.keys.rotatedUntil(minute(key.expiresAt)) : minute(key.expiresAt);
}

export function registerKeys(program: Command) {
  const keys = program.command("keys").description("A user's API keys for the public API and the MCP server: scopes, expiry, rotation");

  withLanguageOption(keys.command("list"))
    .description("The user's keys (an organisation owner's or admin's: every member's): scopes, expiry, last use and where from")
    .option("--user <email>", "whose keys (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/user/api-keys)")
    .action(async (options: { user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const { list, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
        list: await listApiKeys(db, teamMemberOf(user)),
        shown,
      }));
      if (options.json) return printJson(list);
      const { t } = shown;
      printView(
        <Table
          rows={list}
          empty={t.keys.empty}
          columns={[
            { header: t.keys.columns.name, value: (k) => k.name, shrinkTo: 16 },
            { header: t.keys.columns.key, value: (k) => k.key.slice(0, 12) },
            { header: t.keys.columns.scopes, value: (k) => k.scopes.join(","), shrinkTo: 12 },
            { header: t.keys.columns.expires, value: (k) => expiryOf(k, shown) },
            { header: t.keys.columns.lastUsed, value: (k) => minute(k.lastUsed) },
            { header: t.keys.columns.address, value: (k) => k.lastUsedIp ?? "-" },
            { header: t.keys.columns.uses, value: (k) => String(k.usageCount) },
            { header: t.keys.columns.id, value: (k) => k.id },
          ]}
        />,
      );
    });

  withLanguageOption(keys.command("create"))
    .description("Make a key; prints it once")
    .argument("<name>", "what the key is for")
    .option("--scopes <list>", `comma-separated: ${API_KEY_SCOPES.join(", ")} (default: screen,read)`)
    .option("--expires <date>", "when it stops working: an ISO date or date-time (default: never)")
    .option("--user <email>", "whose key (default: the first administrator)")
    .option("--json", "print the new key as JSON, with the key in full")
    .action(async (name: string, options: { scopes?: string; expires?: string; user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const scopes = parseScopes(options.scopes, words(asked));
      const parsed = createApiKeySchema.safeParse({ name, scopes, expiresAt: options.expires });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const { created, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
        created: await createApiKey(db, user.id, parsed.data.name, { scopes: parsed.data.scopes, expiresAt: parsed.data.expiresAt, actor: { kind: "cli" } }),
        shown,
      }));
      if (options.json) return printJson(created);
      const { t } = shown;
      console.log(t.keys.created(created.id, created.name));
      console.log(t.keys.key(created.key));
      console.log(t.keys.scopes(created.scopes.join(", ")));
      console.log(t.keys.keyOnce);
    });

  withLanguageOption(keys.command("rotate"))
    .description("A new secret for a key, same name and scopes; the old one works for the grace period")
    .argument("<id>", "the key's id")
    .option("--grace-hours <n>", "hours the old secret keeps working, 0 to 168", "24")
    .option("--user <email>", "whose key (default: the first administrator)")
    .option("--json", "print the new key as JSON, with the key in full")
    .action(async (id: string, options: { graceHours: string; user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const grace = rotateApiKeySchema.safeParse({ graceHours: /^\d+$/.test(options.graceHours) ? Number(options.graceHours) : Number.NaN });
      if (!grace.success) failWith(words(asked).t.keys.graceInvalid(options.graceHours));
      const { created, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
        created: await rotateApiKey(db, teamMemberOf(user), id, grace.data.graceHours, { kind: "cli" }).catch(notFound(shown, id)),
        shown,
      }));
      if (options.json) return printJson(created);
      const { t } = shown;
      const until = new Date(Date.now() + grace.data.graceHours * 3_600_000).toISOString();
      console.log(t.keys.rotated(created.name, minute(until)));
      console.log(t.keys.key(created.key));
      console.log(t.keys.keyOnce);
    });

  withLanguageOption(keys.command("revoke"))
    .description("Delete a key: it stops working at once, with the embed tokens it gave")
    .argument("<id>", "the key's id")
    .option("--user <email>", "whose key (default: the first administrator)")
    .action(async (id: string, options: { user?: string; language?: string }) => {
      const asked = askedLanguage(options.language);
      const shown = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        await deleteApiKey(db, teamMemberOf(user), id, { kind: "cli" }).catch(notFound(shown, id));
        return shown;
      });
      console.log(shown.t.keys.revoked(id));
    });
}
