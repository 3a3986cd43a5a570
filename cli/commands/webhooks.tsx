import type { Command } from "commander";
import { AppError } from "../../lib/errors.ts";
import { WEBHOOK_EVENTS } from "../../lib/webhooks/event-names.ts";
import { createWebhookSchema } from "../../lib/webhooks/schemas.ts";
import { createWebhook, deleteWebhook, findTeamWebhook, listDeliveries, listWebhooks } from "../../lib/webhooks/webhooks.ts";
import { cliInstanceKey } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";

/** A 404 of lib becomes the CLI's own words. */
const notFound =
  ({ t }: Words, id: string) =>
  (error: unknown): never => {
    if (error instanceof AppError && error.status === 404) failWith(t.webhooks.notFound(id));
    throw error;
  };

export function registerWebhooks(program: Command) {
  const webhooks = program.command("webhooks").description("A user's webhooks: signed HTTP POSTs when a search, a batch or a monitored entity changes");

  withLanguageOption(webhooks.command("list"))
    .description("The user's webhooks: URL, events, enabled, last delivery")
    .option("--user <email>", "whose webhooks (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/webhooks)")
    .action(async (options: { user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const { list, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({ list: await listWebhooks(db, user), shown }));
      if (options.json) return printJson(list);
      const { t } = shown;
      printView(
        <Table
          rows={list}
          empty={t.webhooks.empty}
          columns={[
            { header: t.webhooks.columns.url, value: (w) => w.url, shrinkTo: 24 },
            { header: t.webhooks.columns.events, value: (w) => w.events.join(", "), shrinkTo: 16 },
            { header: t.webhooks.columns.enabled, value: (w) => (w.enabled ? t.webhooks.yes : t.webhooks.no) },
            {
              header: t.webhooks.columns.lastDelivery,
              value: (w) => (w.lastDelivery ? `${t.webhooks.statuses[w.lastDelivery.status]} ${minute(w.lastDelivery.createdAt)}` : "-"),
            },
            { header: t.webhooks.columns.created, value: (w) => minute(w.createdAt) },
            { header: t.webhooks.columns.id, value: (w) => w.id },
          ]}
        />,
      );
    });

  withLanguageOption(webhooks.command("add"))
    .description("Register a URL (https, or http to localhost) for events; prints the signing secret once")
    .argument("<url>", "where the events are POSTed")
    .requiredOption("--events <list>", `comma-separated: ${WEBHOOK_EVENTS.join(", ")}`)
    .option("--description <text>", "what the webhook is for")
    .option("--user <email>", "whose webhook (default: the first administrator)")
    .option("--json", "print the new webhook as JSON, with its secret")
    .action(async (url: string, options: { events: string; description?: string; user?: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const events = options.events
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean);
      if (events.some((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e)) || events.length === 0) {
        failWith(words(asked).t.webhooks.eventsInvalid(options.events, WEBHOOK_EVENTS.join(", ")));
      }
      const parsed = createWebhookSchema.safeParse({ url, events, description: options.description });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const { created, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
        created: await createWebhook(db, user.id, parsed.data, cliInstanceKey()),
        shown,
      }));
      if (options.json) return printJson(created);
      const { t } = shown;
      console.log(t.webhooks.created(created.id, created.url));
      console.log(t.webhooks.secret(created.secret));
      console.log(t.webhooks.secretOnce);
    });

  withLanguageOption(webhooks.command("remove"))
    .description("Delete a webhook and its deliveries")
    .argument("<id>", "the webhook's id")
    .option("--user <email>", "whose webhook (default: the first administrator)")
    .action(async (id: string, options: { user?: string; language?: string }) => {
      const asked = askedLanguage(options.language);
      const shown = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        await deleteWebhook(db, user, id).catch(notFound(shown, id));
        return shown;
      });
      console.log(shown.t.webhooks.removed(id));
    });

  withLanguageOption(webhooks.command("deliveries"))
    .description("A webhook's recent deliveries, newest first: event, status, attempts, last status code")
    .argument("<id>", "the webhook's id")
    .option("--user <email>", "whose webhook (default: the first administrator)")
    .option("--limit <n>", "deliveries shown, 1 to 100", "50")
    .option("--json", "print as JSON (the shape of GET /api/webhooks/{id}/deliveries)")
    .action(async (id: string, options: { user?: string; limit: string; json?: boolean; language?: string }) => {
      const asked = askedLanguage(options.language);
      const limit = parseLimit(options.limit, words(asked));
      const { hook, page, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const hook = await findTeamWebhook(db, user, id).catch(notFound(shown, id));
        return { hook, page: await listDeliveries(db, user, id, { limit }), shown };
      });
      if (options.json) return printJson(page);
      const { t } = shown;
      console.log(t.webhooks.deliveriesTitle(hook.url, page.total));
      printView(
        <Table
          rows={page.items}
          empty={t.webhooks.noDeliveries}
          columns={[
            { header: t.webhooks.columns.time, value: (d) => minute(d.createdAt) },
            { header: t.webhooks.columns.event, value: (d) => d.event },
            { header: t.webhooks.columns.status, value: (d) => t.webhooks.statuses[d.status] },
            { header: t.webhooks.columns.attempts, value: (d) => String(d.attempts) },
            { header: t.webhooks.columns.code, value: (d) => (d.lastStatusCode === null ? "-" : String(d.lastStatusCode)) },
            { header: t.webhooks.columns.error, value: (d) => d.lastError ?? "", shrinkTo: 16 },
            { header: t.webhooks.columns.id, value: (d) => d.id },
          ]}
        />,
      );
    });
}
