import type { Command } from "commander";
import { and, asc, eq } from "drizzle-orm";
import { Box, render, Text } from "ink";
import { useSyncExternalStore } from "react";
import { runningServer, schema, type Database, type Db } from "../../data/db.ts";
import { findUserByEmail } from "../../lib/auth/users.ts";
import { loadConfig } from "../../lib/config.ts";
import type { JobQueue } from "../../lib/jobs/queue.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import type { PipelineStage } from "../../lib/screening/pipeline.ts";
import type { SearchResults } from "../../lib/screening/results.ts";
import { createSearchSchema } from "../../lib/screening/schemas.ts";
import { pipelineDepsFromEnv, workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue, SEARCH_QUEUE } from "../../lib/screening/search-queue.ts";
import { createSearch, type SearchRow } from "../../lib/screening/searches.ts";
import { describeReason } from "../../lib/screening/summary/index.ts";
import { searchDetailView } from "../../lib/screening/views.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { printJson, printView } from "../ui/render.tsx";

interface SearchOptions {
  type: string;
  language?: string;
  country?: string;
  links?: string;
  user?: string;
  json?: boolean;
}

/** --user, or the first administrator (the oldest active admin account) when none is given. */
export async function cliUser(db: Db, email: string | undefined) {
  if (email) {
    const user = await findUserByEmail(db, email);
    if (!user) failWith(`No user with email ${email}`);
    return user;
  }
  const [admin] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.role, "admin"), eq(schema.users.isActive, true)))
    .orderBy(asc(schema.users.createdAt))
    .limit(1);
  if (!admin) failWith("There is no administrator yet: give --user EMAIL");
  return admin;
}

const STAGES: Record<PipelineStage, string> = {
  sanctions: "checking the sanctions and PEP lists",
  media: "searching the news",
  risk: "assessing the risk",
  summary: "writing the summary",
  saving: "saving the results",
};

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
  const listeners = new Set<() => void>();
  const store = { subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)), get: () => last };
  const Live = () => <Text color="cyan">{useSyncExternalStore(store.subscribe, store.get)}</Text>;
  const view = render(<Live />);
  return {
    show(line: string) {
      last = line;
      listeners.forEach((l) => l());
    },
    done() {
      last = "";
      listeners.forEach((l) => l());
      view.unmount();
    },
  };
}

/**
 * Who runs the job: a server's workers when a server holds the embedded database (the CLI then only watches), this
 * process when it holds the embedded database itself, and on PostgreSQL whoever takes it first: if no server has
 * taken it after a few polls, this process runs search jobs itself until its own search is done.
 */
async function runOrWatch(database: Database, queue: JobQueue, search: SearchRow, show: (line: string) => void): Promise<SearchRow> {
  const config = loadConfig();
  const embedded = !config.databaseUrl;
  const serverWorks = embedded && runningServer(config.dataDir) !== null;
  let working = false;
  const startWorking = () => {
    working = true;
    const deps = pipelineDepsFromEnv(database.db, new SanctionsIndexCache(database.db));
    const onProgress = (id: string, stage: PipelineStage) => {
      if (id === search.id) show(`Screening "${search.searchTerm}": ${STAGES[stage]}`);
    };
    workSearches(queue, deps, { concurrency: 1, onProgress });
    queue.wake(SEARCH_QUEUE);
  };
  if (embedded && !serverWorks) startWorking();
  const graceMs = 2 * queue.settings.pollSeconds * 1000 + 1000;
  const started = Date.now();

  for (;;) {
    const [row] = await database.db.select().from(schema.searches).where(eq(schema.searches.id, search.id));
    if (!row) failWith("The search was deleted while it ran");
    if (row.status === "completed" || row.status === "failed") return row;
    if (row.status === "pending") {
      if (!working && !serverWorks && Date.now() - started > graceMs && (await queue.jobState(SEARCH_QUEUE, search.id)) === "created") {
        startWorking();
      }
      show(working ? "Queued: this process runs the search" : serverWorks ? "Queued: waiting for the server's workers" : "Queued: waiting for a worker");
    } else if (!working) {
      show(`Screening "${row.searchTerm}" on ${serverWorks ? "the server" : "another process"}`);
    }
    await Bun.sleep(250);
  }
}

const LEVEL_COLOR = { critical: "red", high: "red", medium: "yellow", low: "green" } as const;

function SearchResultView({ search }: { search: SearchRow }) {
  const results = search.results as SearchResults | null;
  const level = (search.riskLevel ?? "") as keyof typeof LEVEL_COLOR;
  const matches = results?.sanctionsList.filter((r) => r.match) ?? [];
  const failed = results?.sources.filter((s) => s.status === "failed") ?? [];
  const ordered = [...(results?.adverseMedia ?? [])].sort((a, b) => rank(a) - rank(b));
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{search.searchTerm}</Text> ({search.entityType}){"  "}
        {search.status === "completed" ? (
          <Text bold color={LEVEL_COLOR[level] ?? "white"}>
            {`${level.toUpperCase()} RISK`}
          </Text>
        ) : (
          <Text bold color="red">
            FAILED
          </Text>
        )}
        {results?.clean ? <Text color="green">{"  Clean profile"}</Text> : null}
      </Text>
      <Text dimColor>{`Search ${search.id}, ${search.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${search.creditsUsed} credits`}</Text>
      {search.error ? <Text color="red">{search.error}</Text> : null}
      {results && search.status === "completed" ? (
        <>
          <Text> </Text>
          <Text bold>Reasons</Text>
          {results.risk.reasons.map((r, i) => (
            <Text key={i}>{`  ${r.level.padEnd(8)} ${describeReason(r, "en")}`}</Text>
          ))}
        </>
      ) : null}
      {results ? (
        <>
          <Text> </Text>
          <Text bold>{`Sanctions lists: ${results.sanctionsList.length} searched, ${matches.length} with a match`}</Text>
          {results.sanctionsList.map((row) => (
            <Text key={row.datasetId} color={row.match ? "red" : undefined}>{`  ${row.match ? "MATCH   " : "no match"}  ${row.source}: ${row.details}`}</Text>
          ))}
          <Text> </Text>
          <Text bold>{`PEP and adverse media: ${ordered.length} ${ordered.length === 1 ? "item" : "items"}`}</Text>
          {ordered.map((m, i) => (
            <Text key={i} color={m.isNegative ? "red" : m.category === "PEP" ? "yellow" : undefined}>
              {`  [${m.category}] ${m.title} (${m.source}${m.date ? `, ${m.date.slice(0, 10)}` : ""})\n      ${m.url}`}
            </Text>
          ))}
          {failed.length ? (
            <>
              <Text> </Text>
              <Text bold color="yellow">
                Sources that could not be checked
              </Text>
              {failed.map((s, i) => (
                <Text key={i} color="yellow">{`  ${s.source} (${s.kind}): ${s.error ?? "failed"}`}</Text>
              ))}
            </>
          ) : null}
        </>
      ) : null}
      {search.aiSummary ? (
        <>
          <Text> </Text>
          <Text bold>Comprehensive Due Diligence Analysis</Text>
          <Text>{search.aiSummary}</Text>
        </>
      ) : null}
    </Box>
  );
}

const rank = (m: { isNegative: boolean; category: string }) => (m.isNegative ? 0 : m.category === "PEP" ? 1 : 2);

export function registerSearch(program: Command) {
  program
    .command("search")
    .description(
      "Screen a person or company (sanctions, PEP, adverse media) for a user, charged like any search; a running server's workers run it, otherwise this process does",
    )
    .argument("<name>", "the person's or company's name")
    .option("--type <type>", "person or company", "person")
    .option("--language <code>", "language of the news searched: en, de, es or fr (default en)")
    .option("--country <code>", "ISO 3166 country code of the news searched, e.g. DE")
    .option("--links <n>", "news articles to list, 1 to 50 (default 10)")
    .option("--user <email>", "the account that searches and is charged (default: the first administrator, who is not charged)")
    .option("--json", "print the search as JSON (the shape of GET /api/searches/{id}), without progress")
    .action(async (name: string, options: SearchOptions) => {
      if (options.links !== undefined && !/^\d+$/.test(options.links)) failWith(`--links must be a whole number, got '${options.links}'`);
      const parsed = createSearchSchema.safeParse({
        searchTerm: name,
        entityType: options.type,
        language: options.language,
        country: options.country,
        numLinks: options.links === undefined ? undefined : Number(options.links),
      });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const progress = progressLine(!options.json);
      const finished = await withDatabase(async (database) => {
        const user = await cliUser(database.db, options.user);
        await seedDatasets(database.db);
        const queue = await openSearchQueue(database);
        try {
          const search = await createSearch({ db: database.db, queue }, { userId: user.id, ...parsed.data });
          progress.show(`Search ${search.id} for ${user.email} (${search.creditsUsed} credits)`);
          return await runOrWatch(database, queue, search, progress.show);
        } finally {
          progress.done();
          await queue.stop();
        }
      });
      if (options.json) printJson(searchDetailView(finished));
      else printView(<SearchResultView search={finished} />);
      if (finished.status === "failed") process.exitCode = 1;
    });
}
