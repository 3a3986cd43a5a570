import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Command } from "commander";
import { runningServer } from "../../data/db.ts";
import { loadConfig, localLinkBaseUrl } from "../../lib/config.ts";
import { hostPrincipal } from "../../lib/mcp/principal.ts";
import { createMcpServer } from "../../lib/mcp/server.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { loadDatasetSettings } from "../../lib/sanctions/datasets/settings.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { buildInWorker, loadInWorker } from "../../lib/sanctions/index-cache/searchable.ts";
import { pipelineDepsFromEnv, workSearches } from "../../lib/screening/search-jobs.ts";
import { openSearchQueue } from "../../lib/screening/search-queue.ts";
import { startWebhookDeliveries } from "../../lib/webhooks/worker.ts";
import { cliInstanceKey } from "../database.ts";
import { withCliUser } from "../user.ts";

/**
 * Standard output carries the MCP messages alone: whatever else would be printed there (a library's notice, a
 * progress line) goes to standard error, where the agent's client shows or drops it.
 */
function keepStdoutForMessages() {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}

/** Resolves when the client is gone: its end of standard input closed, or the process told to stop. */
function untilClosed(transport: StdioServerTransport): Promise<void> {
  return new Promise((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
}

export function registerMcp(program: Command) {
  program
    .command("mcp")
    .description(
      "Serve the MCP tools and resources over standard input and output, for an agent on this host, against this install's database: as the user of --user, with every scope their role allows (see docs/mcp.md)",
    )
    .requiredOption("--user <email>", "the account the agent acts for: its screenings are charged to it and recorded as its own")
    .action(async (options: { user: string }) => {
      keepStdoutForMessages();
      await withCliUser(options.user, undefined, async ({ database, user }) => {
        const { db } = database;
        await seedDatasets(db);
        const config = loadConfig();
        const sanctions = new SanctionsIndexCache(db, { builder: buildInWorker, loader: loadInWorker });
        sanctions.startPolling(loadDatasetSettings().indexRefreshMs);
        const queue = await openSearchQueue(database);
        // Search jobs run where a worker takes them: a server holding the embedded database runs them itself;
        // otherwise (on PostgreSQL beside any server's workers) this process runs them too, one at a time.
        const serverWorks = !config.databaseUrl && runningServer(config.dataDir) !== null;
        const webhooks = serverWorks ? null : await startWebhookDeliveries(db, queue, { sweepSeconds: 0, instanceKey: cliInstanceKey() });
        if (!serverWorks) workSearches(queue, pipelineDepsFromEnv(db, sanctions), { concurrency: 1 });

        const server = createMcpServer({ db, queue, sanctions, appBaseUrl: localLinkBaseUrl() }, hostPrincipal(user));
        const transport = new StdioServerTransport();
        const closed = untilClosed(transport);
        await server.connect(transport);
        await closed;
        await server.close();
        webhooks?.stop();
        await queue.stop();
        await sanctions.stop();
      });
    });
}
