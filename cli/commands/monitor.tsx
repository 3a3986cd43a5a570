import type { Command } from "commander";
import { eq, inArray } from "drizzle-orm";
import { type Database, runningServer, schema } from "../../data/db.ts";
import { loadConfig } from "../../lib/config.ts";
import { AppError } from "../../lib/errors.ts";
import { isUuid } from "../../lib/ids.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { acknowledgeAlert, dismissAlert } from "../../lib/monitoring/alerts.ts";
import { changesSummary, describeChanges } from "../../lib/monitoring/change-phrases.ts";
import { viewChanges } from "../../lib/monitoring/changes-report.ts";
import { recordChecksOfSearch } from "../../lib/monitoring/check-result.ts";
import { runDueChecks } from "../../lib/monitoring/due-checks.ts";
import {
  ALREADY_MONITORED,
  addMonitoredEntity,
  deleteMonitoredEntity,
  entityView,
  entityViews,
  getMonitoredEntity,
  listMonitoredEntities,
  monitoredEntityView,
  setMonitoringStatus,
} from "../../lib/monitoring/entities.ts";
import { dismissAlertSchema, type MonitoredEntityView, monitoredEntitiesQuerySchema, newMonitoredEntitySchema } from "../../lib/monitoring/schemas.ts";
import { listSpellingVariants, removeSpellingVariants } from "../../lib/monitoring/variants.ts";
import { decodeCursor } from "../../lib/paging.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { identifierFromText } from "../../lib/screening/schemas.ts";
import { pipelineDepsFromEnv, workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue, SEARCH_QUEUE } from "../../lib/screening/search-queue.ts";
import { defineWebhookQueue } from "../../lib/webhooks/delivery-queue.ts";
import { webhookEventsQueued } from "../../lib/webhooks/search-events.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import { cliInstanceKey, withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit } from "../options.ts";
import { MonitorTable } from "../ui/monitor-table.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";
import { registerMonitorExport } from "./records-export.ts";
import { cliReviewActor } from "./review-actor.ts";
import { checkIdentifierOptions, withDetailsOptions } from "./search.tsx";

interface UserOptions {
  user?: string;
  json?: boolean;
  language?: string;
}

/** 404 of lib/monitoring as the CLI's own words. */
function orNotFound<T>(work: Promise<T>, id: string, { t }: Words): Promise<T> {
  return work.catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) failWith(t.monitor.notFound(id));
    throw error;
  });
}

/** The refusals of acknowledge and dismiss as the CLI's own words. */
function orRefused<T>(work: Promise<T>, id: string, entity: () => Promise<MonitoredEntityView | null>, shown: Words, email: string): Promise<T> {
  const { t } = shown;
  return orNotFound(work, id, shown).catch(async (error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) failWith(t.monitor.dismissNeedsAdmin(email));
    const view = await entity();
    if (error.status === 409 && view) {
      if (!view.hasChanges) failWith(t.monitor.noOpenAlert(view.searchTerm));
      if (view.openHits > 0) failWith(t.monitor.decideHitsFirst(view.searchTerm, view.openHits, view.reviewSearchId ?? "-"));
      failWith(t.monitor.escalatedFirst(view.searchTerm));
    }
    throw error;
  });
}

/**
 * The checks' searches run by a server's workers when a server holds the embedded database; otherwise by this
 * process (on PostgreSQL other processes may take some: any worker will do). Waits until every one has ended.
 */
async function workUntilEnded(database: Database, queue: JobQueue, searchIds: string[]) {
  const config = loadConfig();
  const serverWorks = !config.databaseUrl && runningServer(config.dataDir) !== null;
  if (!serverWorks) {
    workSearches(queue, pipelineDepsFromEnv(database.db, new SanctionsIndexCache(database.db)));
    queue.wake(SEARCH_QUEUE);
    startWebhookDeliveries(database.db, queue, { sweepSeconds: 0, instanceKey: cliInstanceKey() }).catch((error) =>
      console.error("[duecheck] webhooks:", error),
    );
  }
  for (;;) {
    const rows = await database.db.select({ status: schema.searches.status }).from(schema.searches).where(inArray(schema.searches.id, searchIds));
    if (rows.every((r) => r.status === "completed" || r.status === "failed")) return;
    await Bun.sleep(250);
  }
}

export function registerMonitor(program: Command) {
  const monitor = program
    .command("monitor")
    .description("Automatic screening: people and companies re-screened on a schedule, charged the automated search cost, with their changes");

  registerMonitorExport(monitor);

  withLanguageOption(withDetailsOptions(monitor.command("add")))
    .description("Monitor a person or company for a user; the first check runs at the next scan (of a server, or of `monitor run-due`)")
    .argument("<name>", "the person's or company's name")
    .option("--type <type>", "person or company", "person")
    .option("--frequency <frequency>", "daily, weekly or monthly", "daily")
    .option("--country <code>", "ISO 3166 country code, e.g. DE")
    .option("--customer-ref <ref>", "your own reference for the subject (a customer number); never screened")
    .option("--user <email>", "whose monitoring (default: the first administrator)")
    .option("--json", "print the entity as JSON (the shape of POST /api/monitoring/entities)")
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
        const asked = askedLanguage(options.language);
        checkIdentifierOptions(options.identifier, words(asked));
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
        const { entity, shown, email } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
          const row = await addMonitoredEntity(db, user.id, parsed.data).catch((error: unknown) => {
            if (error instanceof AppError && error.status === 409)
              failWith(
                error.message === ALREADY_MONITORED ? shown.t.monitor.already(parsed.data.searchTerm) : shown.t.monitor.alreadySubject(parsed.data.searchTerm),
              );
            throw error;
          });
          return { entity: monitoredEntityView(row), shown, email: user.email };
        });
        if (options.json) return printJson(entity);
        const { t, labels } = shown;
        console.log(t.monitor.added(entity.searchTerm, labels.entity[entity.entityType], t.monitor.frequencies[entity.frequency], email, entity.id));
      },
    );

  withLanguageOption(monitor.command("list"))
    .description("A user's monitored entities, newest first, with their status, checks and changes")
    .option("--user <email>", "whose monitoring (default: the first administrator)")
    .option("--changes <which>", "all, with or without changes", "all")
    .option("--risk <level>", "only entities whose last complete check is at this risk level: low, medium, high or critical")
    .option("--review <status>", "only entities whose last complete check has this review status: open, no_hits, needs_review, cleared, confirmed or escalated")
    .option("--limit <n>", "entities per page, 1 to 100", "50")
    .option("--cursor <cursor>", "the next page after the cursor a previous page printed")
    .option("--team", "the whole team's monitored entities the user may read, with who added each (default: the user's own)")
    .option("--json", "print as JSON (the shape of GET /api/monitoring/entities: items, nextCursor, total, counts)")
    .action(async (options: UserOptions & { changes: string; risk?: string; review?: string; limit: string; cursor?: string; team?: boolean }) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const changes = monitoredEntitiesQuerySchema.shape.changes.safeParse(options.changes.trim().toLowerCase());
      if (!changes.success) failWith(early.t.monitor.changesInvalid(options.changes));
      const risk = monitoredEntitiesQuerySchema.shape.risk.safeParse(options.risk?.trim().toLowerCase());
      if (!risk.success) failWith(early.t.monitor.riskInvalid(options.risk ?? ""));
      const review = monitoredEntitiesQuerySchema.shape.review.safeParse(options.review?.trim().toLowerCase());
      if (!review.success) failWith(early.t.monitor.reviewInvalid(options.review ?? ""));
      const limit = parseLimit(options.limit, early);
      const { page, shown, email } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const cursor = options.cursor === undefined ? undefined : (decodeCursor(options.cursor) ?? failWith(early.t.batch.cursorInvalid(options.cursor)));
        const request = {
          changes: changes.data,
          risk: risk.data,
          review: review.data,
          limit,
          cursor,
          scope: options.team ? ("team" as const) : ("mine" as const),
        };
        return { page: await listMonitoredEntities(db, user, request), shown, email: user.email };
      });
      if (options.json) return printJson(page);
      const { t } = shown;
      console.log((options.team ? t.monitor.teamTitle : t.monitor.title)(email, page.counts));
      printView(<MonitorTable entities={page.items} team={Boolean(options.team)} shown={shown} />);
      if (page.nextCursor) {
        const extra = [
          options.user ? ` --user ${options.user}` : "",
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
    withLanguageOption(monitor.command(command))
      .description(status === "paused" ? "Stop checking an entity until it is resumed" : "Check a paused entity again")
      .argument("<id>", "the monitored entity's id")
      .option("--user <email>", "whose monitoring (default: the first administrator)")
      .option("--json", "print the entity as JSON")
      .action(async (id: string, options: UserOptions) => {
        const asked = askedLanguage(options.language);
        const { entity, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
          return { entity: await entityView(db, await orNotFound(setMonitoringStatus(db, user, id, status), id, shown)), shown };
        });
        if (options.json) return printJson(entity);
        console.log(status === "paused" ? shown.t.monitor.paused(entity.searchTerm) : shown.t.monitor.resumed(entity.searchTerm));
      });
  }

  withLanguageOption(monitor.command("remove"))
    .description("Stop monitoring an entity (its past checks stay in the history)")
    .argument("<id>", "the monitored entity's id")
    .option("--user <email>", "whose monitoring (default: the first administrator)")
    .action(async (id: string, options: UserOptions) => {
      const asked = askedLanguage(options.language);
      const { name, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const entity = await orNotFound(getMonitoredEntity(db, user, id), id, shown);
        await orNotFound(deleteMonitoredEntity(db, user, id), id, shown);
        return { name: entity.searchTerm, shown };
      });
      console.log(shown.t.monitor.removed(name));
    });

  withLanguageOption(monitor.command("remove-variants"))
    .description(
      "Remove every spelling variant auto-enrolment added to a user's monitoring in one go (the same type and details, the names alike but for word order or one typo); the oldest entry of each subject stays, and one added by hand is never removed",
    )
    .option("--user <email>", "whose monitoring (default: the first administrator)")
    .option("--dry-run", "only list the variants and the entry each group keeps")
    .option("--json", "print as JSON (the shape of GET and DELETE /api/monitoring/variants)")
    .action(async (options: UserOptions & { dryRun?: boolean }) => {
      const { answer, shown } = await withCliUser(options.user, askedLanguage(options.language), async ({ db, user, shown }) => ({
        answer: await (options.dryRun ? listSpellingVariants(db, user) : removeSpellingVariants(db, user, { kind: "cli" })),
        shown,
      }));
      if (options.json) return printJson(answer);
      const { t } = shown;
      for (const group of answer.groups)
        console.log(t.monitor.variantGroup(`${group.kept.searchTerm} (${group.kept.id})`, group.variants.map((v) => `${v.searchTerm} (${v.id})`).join(", ")));
      console.log(options.dryRun ? t.monitor.variantsToRemove(answer.count) : t.monitor.variantsRemoved(answer.count));
    });

  withLanguageOption(monitor.command("run-due"))
    .description(
      "Run the due checks of every user now, and those a new list version asks for (for deployments without a server running, e.g. from cron), then wait for them to finish",
    )
    .option("--json", "print { listUpdateFlagged, started, waitingForCredits, recorded, searchIds, checked } as JSON, where checked are the entities checked")
    .action(async (options: { json?: boolean; language?: string }) => {
      const shown = words(askedLanguage(options.language));
      const { t } = shown;
      const say = (line: string) => {
        if (!options.json && line) console.log(line);
      };
      const result = await withDatabase(async (database) => {
        await seedDatasets(database.db);
        const queue = await openSearchQueue(database);
        try {
          // Checks that change something queue the monitoring.changed webhook event.
          await defineWebhookQueue(queue);
          const scan = await runDueChecks({ db: database.db, queue });
          if (scan.listUpdateFlagged > 0) say(t.monitor.listUpdates(scan.listUpdateFlagged));
          say(t.monitor.scanned(scan));
          const checked: MonitoredEntityView[] = [];
          if (scan.searchIds.length > 0) {
            say(t.monitor.working(scan.searchIds.length));
            await workUntilEnded(database, queue, scan.searchIds);
            for (const searchId of scan.searchIds) await recordChecksOfSearch(database.db, searchId, { queue });
            const m = schema.monitoredEntities;
            const rows = await database.db.select().from(m).where(inArray(m.lastSearchId, scan.searchIds));
            checked.push(...(await entityViews(database.db, rows)));
          }
          return { ...scan, checked };
        } finally {
          await webhookEventsQueued();
          await queue.stop();
        }
      });
      if (options.json) return printJson(result);
      if (result.searchIds.length === 0) return;
      // worded from the facts in the CLI's language; an entry flagged before facts were kept has its stored sentence
      const summary = (e: (typeof result.checked)[number]) => (e.changeFacts ? changesSummary(e.changeFacts, shown.language) : e.changesSummary);
      const changed = result.checked.filter((e) => e.hasChanges && summary(e));
      console.log(t.monitor.finished(result.checked.length, changed.length));
      for (const e of changed) console.log(t.monitor.changedLine(e.searchTerm, summary(e)!, e.id));
    });

  withLanguageOption(monitor.command("changes"))
    .description("What the last check that changed something found, compared with the check before; viewing leaves the alert open (it closes once decided)")
    .argument("<id>", "the monitored entity's id")
    .option("--user <email>", "whose monitoring (default: the first administrator)")
    .option("--json", "print { entity, changes } as JSON (the shape of GET /api/monitoring/entities/{id}/changes)")
    .action(async (id: string, options: UserOptions) => {
      const asked = askedLanguage(options.language);
      const { viewed, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        return { viewed: await orNotFound(viewChanges(db, user, id), id, shown), shown };
      });
      if (options.json) return printJson(viewed);
      const { t, labels, language } = shown;
      const { entity, changes } = viewed;
      if (!changes) return console.log(t.monitor.noChanges(entity.searchTerm));
      const lines = [t.monitor.changesTitle(entity.searchTerm, minute(changes.checkedAt)), ...describeChanges(changes, language).map((l) => `  ${l}`)];
      const section = (title: string, items: string[]) => {
        if (items.length) lines.push("", title, ...items.map((i) => `  - ${i}`));
      };
      section(
        t.monitor.addedMatches,
        changes.addedMatches.map((x) => `${x.name} (${x.datasetName}, ${x.entityId}, ${Math.round(x.score * 100)}%)`),
      );
      section(
        t.monitor.removedMatches,
        changes.removedMatches.map((x) => `${x.name} (${x.datasetName}, ${x.entityId})`),
      );
      section(
        t.monitor.newMedia,
        changes.newMedia.map((a) =>
          `${a.title} [${labels.categories[a.category as keyof typeof labels.categories] ?? a.category}] ${a.source}${a.date ? `, ${a.date}` : ""} ${a.url}`.trim(),
        ),
      );
      section(t.monitor.notChecked, changes.notChecked);
      lines.push("", t.monitor.comparedWith(changes.previousSearchId, changes.searchId));
      console.log(lines.join("\n"));
    });

  withLanguageOption(monitor.command("acknowledge"))
    .description("Close an entity's alert whose last check has nothing left to decide (a match removed, the risk changed); refused while hits are open")
    .argument("<id>", "the monitored entity's id")
    .option("--user <email>", "whose monitoring (default: the first administrator)")
    .option("--json", "print the entity as JSON")
    .action(async (id: string, options: UserOptions) => {
      const asked = askedLanguage(options.language);
      const { entity, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const actor = cliReviewActor(user);
        const current = async () => entityView(db, await getMonitoredEntity(db, user, id));
        return { entity: await orRefused(acknowledgeAlert(db, actor, id), id, current, shown, user.email), shown };
      });
      if (options.json) return printJson(entity);
      console.log(shown.t.monitor.acknowledged(entity.searchTerm));
    });

  withLanguageOption(monitor.command("dismiss"))
    .description("Close any user's alert whatever is still open, with a reason kept as a case note on its check (administrators)")
    .argument("<id>", "the monitored entity's id")
    .requiredOption("--reason <text>", "why the alert is dismissed")
    .option("--user <email>", "the administrator who dismisses it (default: the first administrator)")
    .option("--json", "print the entity as JSON")
    .action(async (id: string, options: UserOptions & { reason: string }) => {
      const asked = askedLanguage(options.language);
      const parsed = dismissAlertSchema.safeParse({ reason: options.reason });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const { entity, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const actor = cliReviewActor(user);
        const m = schema.monitoredEntities;
        const current = async () => {
          const [row] = isUuid(id) ? await db.select().from(m).where(eq(m.id, id)) : [];
          return row ? entityView(db, row) : null;
        };
        return { entity: await orRefused(dismissAlert(db, actor, id, parsed.data.reason), id, current, shown, user.email), shown };
      });
      if (options.json) return printJson(entity);
      console.log(shown.t.monitor.dismissed(entity.searchTerm));
    });
}
