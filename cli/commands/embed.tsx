import type { Command } from "commander";
import { addEmbedOrigin, listEmbedOrigins, removeEmbedOrigin } from "../../lib/embed/origins.ts";
import { embedOriginSchema, MAX_EMBED_ORIGINS } from "../../lib/embed/schemas.ts";
import { AppError } from "../../lib/errors.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption } from "../language.ts";
import { minute } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";

/** The origin argument through the API's schema (normalised; its messages stay English, as the API answers them). */
function parseOrigin(value: string): string {
  const parsed = embedOriginSchema.safeParse(value);
  if (!parsed.success) failWith(parsed.error.issues[0].message);
  return parsed.data;
}

/** lib's 404 and 409 become the CLI's own words. */
const refusal =
  ({ t }: Words, origin: string) =>
  (error: unknown): never => {
    if (error instanceof AppError && error.status === 404) failWith(t.embed.notFound(origin));
    if (error instanceof AppError && error.status === 409) {
      failWith(error.message === "This origin is already allowed" ? t.embed.already(origin) : t.embed.full(MAX_EMBED_ORIGINS));
    }
    throw error;
  };

export function registerEmbed(program: Command) {
  const embed = program.command("embed").description("Embedding the screening components in another application's pages");
  const origins = embed
    .command("origins")
    .description(
      "The browser origins allowed to call the public API with a user's embed tokens (CORS); embed tokens themselves come from POST /api/v1/embed-tokens",
    );

  withLanguageOption(origins.command("list"))
    .description("The user's allowed origins, oldest first")
    .option("--user <email>", "whose origins (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/embed/origins)")
    .action(async (options: { user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const { list, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({ list: await listEmbedOrigins(db, user.id), shown }));
      if (options.json) return printJson(list);
      const { t } = shown;
      printView(
        <Table
          rows={list}
          empty={t.embed.empty}
          columns={[
            { header: t.embed.columns.origin, value: (o) => o.origin },
            { header: t.embed.columns.added, value: (o) => minute(o.createdAt) },
          ]}
        />,
      );
    });

  withLanguageOption(origins.command("add"))
    .description(`Allow an origin: https://host[:port] (http:// only for localhost, 127.0.0.1 or [::1]); at most ${MAX_EMBED_ORIGINS}`)
    .argument("<origin>", "scheme://host[:port], e.g. https://app.example.com")
    .option("--user <email>", "whose origins (default: the first administrator)")
    .option("--json", "print the added origin as JSON")
    .action(async (value: string, options: { user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const origin = parseOrigin(value);
      const { added, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
        added: await addEmbedOrigin(db, user.id, origin, { kind: "cli" }).catch(refusal(shown, origin)),
        shown,
      }));
      if (options.json) return printJson(added);
      console.log(shown.t.embed.added(added.origin));
    });

  withLanguageOption(origins.command("remove"))
    .description("Stop allowing an origin")
    .argument("<origin>", "the origin as listed")
    .option("--user <email>", "whose origins (default: the first administrator)")
    .action(async (value: string, options: { user?: string; language?: string }) => {
      const asked = askedLanguage(options.language);
      const origin = parseOrigin(value);
      const shown = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        await removeEmbedOrigin(db, user.id, origin, { kind: "cli" }).catch(refusal(shown, origin));
        return shown;
      });
      console.log(shown.t.embed.removed(origin));
    });
}
