import type { Command } from "commander";
import { eq } from "drizzle-orm";
import { render } from "ink";
import { type Database, runningServer, schema } from "../../data/db.ts";
import { loadConfig } from "../../lib/config.ts";
import { AppError } from "../../lib/errors.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { searchDetail } from "../../lib/review/search-detail.ts";
import { listStates, listsFailedOffline } from "../../lib/sanctions/availability.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import type { PipelineStage } from "../../lib/screening/pipeline.ts";
import { createSearchSchema, detailsFromText } from "../../lib/screening/schemas.ts";
import { pipelineDepsFromEnv, workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue, SEARCH_QUEUE } from "../../lib/screening/search-queue.ts";
import { createSearch, type SearchRow } from "../../lib/screening/searches.ts";
import { getSystemSetting } from "../../lib/settings/system-settings.ts";
import { webhookEventsQueued } from "../../lib/webhooks/search-events.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import { cliInstanceKey } from "../database.ts";
import { checkIdentifierOptions, withDetailsOptions } from "../details-options.ts";
import { failWith } from "../fail.ts";
import { listsMissingNotice } from "../i18n/index.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { LiveLine, liveStore } from "../ui/live.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { SearchResultView } from "../ui/search-result.tsx";
import { withCliUser } from "../user.ts";

/** Kept where the list search and monitoring commands import them from. */
export { checkIdentifierOptions, evidenceWords, withDetailsOptions } from "../details-options.ts";

interface SearchOptions {
  type: string;
  language?: string;
  newsLanguage?: string;
  country?: string;
  links?: string;
  user?: string;
  json?: boolean;
  birthDate?: string;
  nationality?: string;
  identifier: string[];
}

/** Progress lines: one live line drawn by Ink in a terminal, plain lines otherwise, nothing for --json. */
function progressLine(enabled: boolean) {
  let last = "";
  if (!enabled) return { show() {}, done() {} };
  if (!process.stdout.isTTY) {
    return {
      show(line: string) {
        if (line !== last) console.log(line);
        last = line;
      },
      done() {},
    };
  }
  const store = liveStore("");
  const view = render(<LiveLine store={store} />);
  return {
    show(line: string) {
      store.set(line);
    },
    done() {
      store.set("");
      view.unmount();
    },
  };
}

/**
 * Who runs the job: a server's workers when a server holds the embedded database (the CLI then only watches), this
 * process when it holds the embedded database itself, and on PostgreSQL whoever takes it first: if no server has
 * taken it after a few polls, this process runs search jobs itself until its own search is done.
 */
async function runOrWatch(database: Database, queue: JobQueue, search: SearchRow, show: (line: string) => void, { t }: Words): Promise<SearchRow> {
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  const serverWorks = embedded && runningServer(config.dataDir) !== null;
  let working = false;
  const startWorking = () => {
    working = true;
    const deps = pipelineDepsFromEnv(database.db, new SanctionsIndexCache(database.db));
    const onProgress = (id: string, stage: PipelineStage) => {
      if (id === search.id) show(t.search.stage(search.searchTerm, t.search.stages[stage]));
    };
    workSearches(queue, deps, { concurrency: 1, onProgress });
    queue.wake(SEARCH_QUEUE);
    startWebhookDeliveries(database.db, queue, { sweepSeconds: 0, instanceKey: cliInstanceKey() }).catch((error) =>
      console.error("[duecheck] webhooks:", error),
    );
  };
  if (embedded && !serverWorks) startWorking();
  const graceMs = 2 * queue.settings.pollSeconds * 1000 + 1000;
  const started = Date.now();

  for (;;) {
    const [row] = await database.db.select().from(schema.searches).where(eq(schema.searches.id, search.id));
    if (!row) failWith(t.search.deleted);
    if (row.status === "completed" || row.status === "failed") return row;
    if (row.status === "pending") {
      if (!working && !serverWorks && Date.now() - started > graceMs && (await queue.jobState(SEARCH_QUEUE, search.id)) === "created") {
        startWorking();
      }
      show(working ? t.search.queuedHere : serverWorks ? t.search.queuedServer : t.search.queuedWorker);
    } else if (!working) {
      show(t.search.runningElsewhere(row.searchTerm, serverWorks));
    }
    await Bun.sleep(250);
  }
}

export function registerSearch(program: Command) {
  const command = program
    .command("search")
    .description(
      "Screen a person or company (sanctions, PEP, adverse media) for a user, charged like any search; a running server's workers run it, otherwise this process does",
    )
    .argument("<name>", "the person's or company's name")
    .option("--type <type>", "person or company", "person");
  withLanguageOption(
    command,
    "language of the output, and of the news searched unless --news-language: en, de, es or fr (default: the user's report language; news in en)",
  )
    .option("--news-language <code>", "language of the news searched: en, de, es or fr (default: --language, else en)")
    .option("--country <code>", "ISO 3166 country code of the news searched, e.g. DE")
    .option("--links <n>", "news articles to list, 1 to 50 (default 10)")
    .option("--user <email>", "the account that searches and is charged (default: the first administrator, who is not charged)")
    .option("--json", "print the search as JSON (the shape of GET /api/searches/{id}), without progress")
    .option("--server <url>", "work against a duecheck server instead (default: DUECHECK_SERVER; see docs/remote-cli.md)")
    .option("--api-key <key>", "the API key to that server (default: DUECHECK_API_KEY)");
  withDetailsOptions(command).action(async (name: string, options: SearchOptions) => {
    const asked = askedLanguage(options.language);
    const early = words(asked);
    if (options.links !== undefined && !/^\d+$/.test(options.links)) failWith(early.t.search.linksInvalid(options.links));
    checkIdentifierOptions(options.identifier, early);
    const details = detailsFromText({ birthDate: options.birthDate, nationality: options.nationality, identifiers: options.identifier });
    const parsed = createSearchSchema.safeParse({
      searchTerm: name,
      entityType: options.type,
      language: options.newsLanguage ?? asked,
      country: options.country,
      numLinks: options.links === undefined ? undefined : Number(options.links),
      ...(details ? { details } : {}),
    });
    if (!parsed.success) failWith(parsed.error.issues[0].message);
    const progress = progressLine(!options.json);
    const { finished, detail, shown } = await withCliUser(options.user, asked, async ({ database, user, shown }) => {
      await seedDatasets(database.db);
      // Lists still downloading or missing are not checked: said before the search, as the web form does.
      const lists = await listStates(database.db);
      const notice = options.json ? null : listsMissingNotice(shown.t, lists, await listsFailedOffline(database.db, lists));
      if (notice) console.log(notice);
      const queue = await openSearchQueue(database);
      try {
        const search = await createSearch({ db: database.db, queue }, { userId: user.id, ...parsed.data }).catch(async (error: unknown) => {
          if (error instanceof AppError && error.status === 402)
            failWith(shown.t.search.insufficientCredits(await getSystemSetting(database.db, "manualSearchCost")));
          throw error;
        });
        progress.show(shown.t.search.started(search.id, user.email, search.creditsUsed));
        const finished = await runOrWatch(database, queue, search, progress.show, shown);
        return { finished, detail: options.json ? await searchDetail(database.db, finished) : null, shown };
      } finally {
        progress.done();
        await webhookEventsQueued();
        await queue.stop();
      }
    });
    if (detail) printJson(detail);
    else printView(<SearchResultView search={{ ...finished, createdAt: finished.createdAt.toISOString() }} words={shown} />);
    if (finished.status === "failed") process.exitCode = 1;
  });
}
