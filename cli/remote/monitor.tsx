/**
 * `duecheck monitor add | list | pause | resume | remove` against a server: the monitoring calls of the public API, as
 * the API key's owner (listing needs the read scope, changing the monitor scope). The checks, their changes and alerts
 * are worked on the server's own machine or in the app.
 */
import type { Command } from "commander";
import { monitoredEntitiesQuerySchema, newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import { identifierFromText } from "../../lib/screening/schemas.ts";
import { checkIdentifierOptions, withDetailsOptions } from "../details-options.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { parseLimit } from "../options.ts";
import { MonitorTable } from "../ui/monitor-table.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { localOnlyCommand, type RemoteOptions, refuseUserOption, remoteClient, withRemoteOptions } from "./client.ts";

interface UserOptions extends RemoteOptions {
  user?: string;
  json?: boolean;
  language?: string;
}

export function registerRemoteMonitor(program: Command) {
  const monitor = program
    .command("monitor")
    .description("Automatic screening on the server: people and companies re-screened on a schedule for the API key's owner");

  withRemoteOptions(withLanguageOption(withDetailsOptions(monitor.command("add"))))
    .description("Monitor a person or company; the server runs its first check at its next scan")
    .argument("<name>", "the person's or company's name")
    .option("--type <type>", "person or company", "person")
    .option("--frequency <frequency>", "daily, weekly or monthly", "daily")
    .option("--country <code>", "ISO 3166 country code, e.g. DE")
    .option("--customer-ref <ref>", "your own reference for the subject (a customer number); never screened")
    .option("--user <email>", "this machine's database only")
    .option("--json", "print the entity as JSON (the shape of POST /api/v1/monitoring/entities)")
    .action(
      async (
        name: string,
        options: UserOptions & {
          type: string;
          frequency: string;
          country?: string;
          birthDate?: string;
          nationality?: string;
          identifier: string[];
          customerRef?: string;
        },
      ) => {
        const shown = words(askedLanguage(options.language));
        refuseUserOption(options);
        checkIdentifierOptions(options.identifier, shown);
        const parsed = newMonitoredEntitySchema.safeParse({
          searchTerm: name,
          entityType: options.type,
          frequency: options.frequency,
          country: options.country,
          birthDate: options.birthDate,
          nationality: options.nationality,
          identifiers: options.identifier.length ? options.identifier.map(identifierFromText) : undefined,
          customerRef: options.customerRef,
        });
        if (!parsed.success) failWith(parsed.error.issues[0].message);
        const server = options.server ?? process.env.DUECHECK_SERVER ?? "";
        const entity = await remoteClient(options).monitorName(parsed.data);
        if (options.json) return printJson(entity);
        const { t, labels } = shown;
        console.log(t.monitor.added(entity.searchTerm, labels.entity[entity.entityType], t.monitor.frequencies[entity.frequency], server, entity.id));
      },
    );

  withRemoteOptions(withLanguageOption(monitor.command("list")))
    .description("The API key's owner's monitored entities, newest first, with their status, checks and changes")
    .option("--user <email>", "this machine's database only")
    .option("--changes <which>", "all, with or without changes", "all")
    .option("--risk <level>", "only entities whose last complete check is at this risk level: low, medium, high or critical")
    .option("--review <status>", "only entities whose last complete check has this review status: open, no_hits, needs_review, cleared, confirmed or escalated")
    .option("--limit <n>", "entities per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--team", "the whole team's monitored entities the key's owner may read, with who added each")
    .option("--json", "print as JSON (the shape of GET /api/v1/monitoring/entities: items, nextCursor, total, counts)")
    .action(async (options: UserOptions & { changes: string; risk?: string; review?: string; limit: string; cursor?: string; team?: boolean }) => {
      const shown = words(askedLanguage(options.language));
      const { t } = shown;
      refuseUserOption(options);
      const changes = monitoredEntitiesQuerySchema.shape.changes.safeParse(options.changes.trim().toLowerCase());
      if (!changes.success) failWith(t.monitor.changesInvalid(options.changes));
      const risk = monitoredEntitiesQuerySchema.shape.risk.safeParse(options.risk?.trim().toLowerCase());
      if (!risk.success) failWith(t.monitor.riskInvalid(options.risk ?? ""));
      const review = monitoredEntitiesQuerySchema.shape.review.safeParse(options.review?.trim().toLowerCase());
      if (!review.success) failWith(t.monitor.reviewInvalid(options.review ?? ""));
      const limit = parseLimit(options.limit, shown);
      const page = await remoteClient(options).listMonitoredEntities({
        changes: changes.data,
        risk: risk.data,
        review: review.data,
        limit,
        cursor: options.cursor,
        scope: options.team ? "team" : "mine",
      });
      if (options.json) return printJson(page);
      const server = options.server ?? process.env.DUECHECK_SERVER ?? "";
      console.log((options.team ? t.monitor.teamTitle : t.monitor.title)(server, page.counts));
      printView(<MonitorTable entities={page.items} team={Boolean(options.team)} shown={shown} />);
      if (page.nextCursor) {
        const extra = [
          changes.data !== "all" ? ` --changes ${changes.data}` : "",
          risk.data ? ` --risk ${risk.data}` : "",
          review.data ? ` --review ${review.data}` : "",
          options.team ? " --team" : "",
        ].join("");
        console.log(t.monitor.more(`duecheck monitor list${extra} --limit ${limit} --cursor ${page.nextCursor}`));
      }
    });

  for (const [command, status] of [
    ["pause", "paused"],
    ["resume", "active"],
  ] as const) {
    withRemoteOptions(withLanguageOption(monitor.command(command)))
      .description(status === "paused" ? "Stop checking an entity until it is resumed" : "Check a paused entity again")
      .argument("<id>", "the monitored entity's id")
      .option("--user <email>", "this machine's database only")
      .option("--json", "print the entity as JSON")
      .action(async (id: string, options: UserOptions) => {
        const { t } = words(askedLanguage(options.language));
        refuseUserOption(options);
        const entity = await remoteClient(options).setMonitoringStatus(id, { status });
        if (options.json) return printJson(entity);
        console.log(status === "paused" ? t.monitor.paused(entity.searchTerm) : t.monitor.resumed(entity.searchTerm));
      });
  }

  withRemoteOptions(withLanguageOption(monitor.command("remove")))
    .description("Stop monitoring an entity (its past checks stay in the history)")
    .argument("<id>", "the monitored entity's id")
    .option("--user <email>", "this machine's database only")
    .action(async (id: string, options: UserOptions) => {
      const { t } = words(askedLanguage(options.language));
      refuseUserOption(options);
      await remoteClient(options).stopMonitoring(id);
      console.log(t.monitor.removed(id));
    });

  for (const [name, what] of [
    ["export", "Export the monitored entities"],
    ["remove-variants", "Remove spelling variants of monitored names"],
    ["run-due", "Run the checks that are due"],
    ["changes", "An entity's changes"],
    ["acknowledge", "Acknowledge an entity's alert"],
    ["dismiss", "Dismiss an entity's alert"],
  ] as const) {
    localOnlyCommand(monitor, name, what);
  }
}
