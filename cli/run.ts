import { Command, CommanderError } from "commander";
import { DataDirBusyError } from "../data/busy-error.ts";
import { AppError } from "../lib/errors.ts";
import { CliError } from "./fail.ts";
import { commandLine, localOnlyMessage, REMOTE_COMMANDS, remoteServer } from "./remote/target.ts";

type Register = (program: Command) => void;

/**
 * Every top-level command and where it is defined. A run loads only the module of the command it was asked for:
 * the others pull in the PDF and Excel writers, the job queue and the screening pipeline, and loading them all made
 * every invocation take over a second before doing anything. Help and unknown commands load them all.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  serve: async () => (await import("./commands/serve.ts")).registerServe,
  db: async () => (await import("./commands/db.ts")).registerDb,
  users: async () => (await import("./commands/users.tsx")).registerUsers,
  orgs: async () => (await import("./commands/orgs.tsx")).registerOrgs,
  credits: async () => (await import("./commands/credits.ts")).registerCredits,
  datasets: async () => (await import("./commands/datasets.tsx")).registerDatasets,
  sanctions: async () => (await import("./commands/sanctions.tsx")).registerSanctions,
  search: async () => (await import("./commands/search.tsx")).registerSearch,
  history: async () => (await import("./commands/history.tsx")).registerHistory,
  batch: async () => (await import("./commands/batch.tsx")).registerBatch,
  monitor: async () => (await import("./commands/monitor.tsx")).registerMonitor,
  review: async () => (await import("./commands/review.tsx")).registerReview,
  cases: async () => (await import("./commands/cases.tsx")).registerCases,
  webhooks: async () => (await import("./commands/webhooks.tsx")).registerWebhooks,
  embed: async () => (await import("./commands/embed.tsx")).registerEmbed,
  keys: async () => (await import("./commands/keys.tsx")).registerKeys,
  reports: async () => (await import("./commands/reports.tsx")).registerReports,
  billing: async () => (await import("./commands/billing.tsx")).registerBilling,
  admin: async () => (await import("./commands/admin.tsx")).registerAdmin,
  settings: async () => (await import("./commands/settings.tsx")).registerSettings,
  audit: async () => (await import("./commands/audit.tsx")).registerAudit,
  searches: async () => (await import("./commands/searches.ts")).registerSearches,
  mcp: async () => (await import("./commands/mcp.ts")).registerMcp,
  watchlists: async () => (await import("./commands/watchlists.tsx")).registerWatchlists,
};

/** How a run ended: its exit code, and whether it ended by an error (the process then exits at once). */
export interface CommandOutcome {
  code: number;
  error: boolean;
}

/**
 * Runs one duecheck command line (the arguments after `duecheck`) on a program built for it alone. Errors meant for
 * people are printed as one line on stderr; anything else with its stack. The exit code is the command's
 * (process.exitCode, which a command sets when its work ended badly), else 0.
 */
export async function runCommand(argv: string[]): Promise<CommandOutcome> {
  const program = new Command()
    .name("duecheck")
    .description(
      "Due-diligence screening: server, data and administration from the terminal.\nUses DATABASE_URL when set, otherwise the embedded database in DUECHECK_DATA_DIR.",
    )
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride();

  const asked = argv[0];
  // Against a server (DUECHECK_SERVER or --server) a command runs its remote form, or says it works locally only.
  const server = remoteServer(argv);
  if (server && asked && Object.hasOwn(COMMANDS, asked) && !Object.hasOwn(REMOTE_COMMANDS, asked)) {
    console.error(`duecheck: ${localOnlyMessage(commandLine(argv), server)}`);
    return { code: 2, error: true };
  }
  const commands = server && asked && Object.hasOwn(REMOTE_COMMANDS, asked) ? REMOTE_COMMANDS : COMMANDS;
  const needed = asked && Object.hasOwn(commands, asked) ? [asked] : Object.keys(commands);
  for (const register of await Promise.all(needed.map((name) => commands[name]()))) register(program);

  try {
    await program.parseAsync(argv, { from: "user" });
    return { code: Number(process.exitCode ?? 0), error: false };
  } catch (error) {
    if (error instanceof CommanderError) return { code: error.exitCode, error: true };
    if (error instanceof CliError || error instanceof AppError || error instanceof DataDirBusyError) {
      console.error(`duecheck: ${error.message}`);
    } else {
      console.error(error);
    }
    return { code: 1, error: true };
  }
}
