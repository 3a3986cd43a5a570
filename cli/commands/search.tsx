import type { Command } from "commander";
import { eq } from "drizzle-orm";
import { Box, render, Text } from "ink";
import { type Database, runningServer, schema } from "../../data/db.ts";
import { loadConfig } from "../../lib/config.ts";
import { AppError } from "../../lib/errors.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { searchDetail } from "../../lib/review/search-detail.ts";
import { listStates, listsFailedOffline } from "../../lib/sanctions/availability.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { formatCountry, formatDay, formatPercent } from "../../lib/screening/display-format.ts";
import type { PipelineStage } from "../../lib/screening/pipeline.ts";
import { mediaChecked, readResults, type SanctionsHit } from "../../lib/screening/results.ts";
import { createSearchSchema, detailsFromText, IDENTIFIER_KINDS, identifierFromText, readSearchDetails } from "../../lib/screening/schemas.ts";
import { pipelineDepsFromEnv, workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue, SEARCH_QUEUE } from "../../lib/screening/search-queue.ts";
import { createSearch, type SearchRow } from "../../lib/screening/searches.ts";
import { describeListRow, describeReason, describeSourceError, displayedSummary, sourceName } from "../../lib/screening/summary/index.ts";
import { getSystemSetting } from "../../lib/settings/system-settings.ts";
import { webhookEventsQueued } from "../../lib/webhooks/search-events.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import { cliInstanceKey } from "../database.ts";
import { failWith } from "../fail.ts";
import { listsMissingNotice } from "../i18n/index.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { LiveLine, liveStore } from "../ui/live.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";

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

/** Refuses an --identifier that is not written KIND:VALUE; the kind and value are then checked by the search schema. */
export function checkIdentifierOptions(values: readonly string[], { t }: Words): void {
  for (const value of values) {
    const { kind, value: number } = identifierFromText(value);
    if (!kind || !number) failWith(t.queryByExample.identifierInvalid(value, IDENTIFIER_KINDS.join(", ")));
  }
}

/** --birth-date, --nationality and --identifier (repeatable), shared by duecheck search and duecheck sanctions search. */
export function withDetailsOptions(command: Command): Command {
  return command
    .option("--birth-date <date>", "query by example: the subject's birth year (1968) or date (1968-03-14)")
    .option("--nationality <code>", "query by example: the subject's nationality, an ISO 3166 code such as UZ")
    .option(
      "--identifier <kind:value>",
      `query by example, repeatable: an identifier such as passport:FA1234567 (kinds: ${IDENTIFIER_KINDS.join(", ")}); a listing carrying it is a match whatever its name`,
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    );
}

/** What a hit's evidence says, in words: an identifier that decided it, a birth date that kept it a near miss, ... */
export function evidenceWords(
  hit: Pick<SanctionsHit, "evidence" | "birthDate" | "name" | "score">,
  searchedBirthDate: string | undefined,
  { t, language }: Words,
): string | null {
  const e = hit.evidence;
  if (!e) return null;
  const q = t.queryByExample;
  const days = (values: string[]) => values.map((d) => formatDay(d, language)).join(", ");
  const why: string[] = [];
  if (e.identifier) why.push(q.identifierMatches(q.kinds[e.identifier.kind], e.identifier.value));
  if (e.birthDate === "differs" && searchedBirthDate) {
    why.push((e.nameMatchesBirthDateDiffers ? q.nameMatchesBirthDateDiffers : q.birthDateDiffers)(days(hit.birthDate), formatDay(searchedBirthDate, language)));
  } else if (e.birthDate === "agrees") why.push(q.birthDateAgrees);
  if (e.nationality) why.push(e.nationality === "agrees" ? q.nationalityAgrees : q.nationalityDiffers);
  if (why.length === 0) return null;
  if (e.nameScore !== undefined && e.nameScore !== hit.score) why.push(q.nameScore(formatPercent(e.nameScore, language)));
  return q.listing(hit.name, why.join("; "));
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

const LEVEL_COLOR = { critical: "red", high: "red", medium: "yellow", low: "green" } as const;

function SearchResultView({ search, words }: { search: SearchRow; words: Words }) {
  const { t, labels, language } = words;
  const results = readResults(search.results);
  const details = readSearchDetails(search.details);
  const q = t.queryByExample;
  const searchedFacts = details
    ? [
        details.birthDate ? q.born(formatDay(details.birthDate, language)) : null,
        details.nationality ? q.nationality(formatCountry(details.nationality, language)) : null,
        ...(details.identifiers ?? []).map((i) => `${q.kinds[i.kind]} ${i.value}`),
      ].filter((x): x is string => !!x)
    : [];
  const level = search.riskLevel as keyof typeof LEVEL_COLOR | null;
  const matches = results?.sanctionsList.filter((r) => r.match) ?? [];
  const failed = results?.sources.filter((s) => s.status === "failed") ?? [];
  const ordered = [...(results?.adverseMedia ?? [])].sort((a, b) => rank(a) - rank(b));
  // the model's summary when it is in this language, else the built-in one from the same findings
  const summary =
    results && search.aiSummary
      ? displayedSummary({ name: search.searchTerm, entityType: search.entityType }, results, search.aiSummary, language).text
      : search.aiSummary;
  // the labels as the language writes them (changing their case reads wrongly in German: "kein treffer"); colour
  // and weight set a match apart on a terminal
  const [matchWord, noMatchWord] = [labels.matchFound, labels.noMatch];
  const width = Math.max(matchWord.length, noMatchWord.length);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{search.searchTerm}</Text> ({labels.entity[search.entityType]}){"  "}
        {search.status === "completed" && level ? (
          <Text bold color={LEVEL_COLOR[level] ?? "white"}>
            {labels.risk[level].toUpperCase()}
          </Text>
        ) : (
          <Text bold color="red">
            {t.search.failed}
          </Text>
        )}
        {results?.clean ? <Text color="green">{`  ${labels.alertClean}`}</Text> : null}
      </Text>
      <Text dimColor>{t.search.meta(search.id, `${search.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC`, search.creditsUsed)}</Text>
      {searchedFacts.length ? <Text dimColor>{q.searched(searchedFacts.join(", "))}</Text> : null}
      {search.error ? <Text color="red">{search.error}</Text> : null}
      {results && search.status === "completed" ? (
        <>
          <Text> </Text>
          <Text bold>{labels.reasons}</Text>
          {results.risk.reasons.map((r, i) => (
            <Text key={i}>{`  ${t.levels[r.level].padEnd(9)} ${describeReason(r, language, results)}`}</Text>
          ))}
        </>
      ) : null}
      {results ? (
        <>
          <Text> </Text>
          <Text bold>{t.search.sanctionsHeader(results.sanctionsList.length, matches.length)}</Text>
          {results.sanctionsList.map((row) => (
            <Box key={row.datasetId} flexDirection="column">
              <Text
                color={row.match ? "red" : undefined}
                bold={row.match}
              >{`  ${(row.match ? matchWord : noMatchWord).padEnd(width)}  ${row.source}: ${describeListRow(row, language)}`}</Text>
              {row.hits
                .map((hit) => evidenceWords(hit, details?.birthDate, words))
                .filter(Boolean)
                .map((line, i) => (
                  <Text key={i} color={row.match ? "red" : "yellow"}>{`  ${" ".repeat(width)}    ${line}`}</Text>
                ))}
            </Box>
          ))}
          <Text> </Text>
          <Text bold>{`${labels.pepTitle}: ${results.pepListings.length || labels.pepNone}`}</Text>
          {results.pepListings.map((p, i) => (
            <Text
              key={i}
              color="yellow"
            >{`  ${p.name} (${p.dataset}${p.score === undefined ? "" : `, ${formatPercent(p.score, language)}`})${p.url ? `\n      ${p.url}` : ""}`}</Text>
          ))}
          <Text> </Text>
          <Text bold>{labels.mediaTitle(ordered.length)}</Text>
          {ordered.length === 0 && !mediaChecked(results) ? <Text color="yellow">{`  ${labels.mediaNotChecked}`}</Text> : null}
          {ordered.map((m, i) => (
            <Text key={i} color={m.isNegative ? "red" : m.category === "PEP" ? "yellow" : undefined}>
              {`  [${labels.categories[m.category]}] ${m.title} (${m.source}${m.date ? `, ${m.date.slice(0, 10)}` : ""})\n      ${m.url}`}
            </Text>
          ))}
          {failed.length ? (
            <>
              <Text> </Text>
              <Text bold color="yellow">
                {t.search.failedSources}
              </Text>
              {failed.map((s, i) => (
                <Text
                  key={i}
                  color="yellow"
                >{`  ${sourceLabel(sourceName(s, language), labels.kinds[s.kind])}: ${describeSourceError(s, language) || labels.statuses.failed}`}</Text>
              ))}
            </>
          ) : null}
        </>
      ) : null}
      {summary ? (
        <>
          <Text> </Text>
          <Text bold>{labels.summaryTitle}</Text>
          <Text>{summary}</Text>
        </>
      ) : null}
    </Box>
  );
}

/** A source with its kind in brackets, unless the name already says it ("News", not "News (News)"). */
const sourceLabel = (name: string, kind: string) => (name.toLocaleLowerCase() === kind.toLocaleLowerCase() ? name : `${name} (${kind})`);

const rank = (m: { isNegative: boolean; category: string }) => (m.isNegative ? 0 : m.category === "PEP" ? 1 : 2);

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
    .option("--json", "print the search as JSON (the shape of GET /api/searches/{id}), without progress");
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
    else printView(<SearchResultView search={finished} words={shown} />);
    if (finished.status === "failed") process.exitCode = 1;
  });
}
