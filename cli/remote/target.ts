/**
 * Whether a run works against a duecheck server instead of this machine's database: DUECHECK_SERVER, or --server on
 * the command line. Loaded by every run (cli/run.ts), so it imports nothing: the remote commands' modules are loaded
 * only for their own runs, and a remote run never loads the database or the screening pipeline.
 */
import type { Command } from "commander";

type Register = (program: Command) => void;

/** The commands that have a remote form, each in a module of its own that talks to the server through @duecheck/client. */
export const REMOTE_COMMANDS: Record<string, () => Promise<Register>> = {
  search: async () => (await import("./search.tsx")).registerRemoteSearch,
  history: async () => (await import("./history.tsx")).registerRemoteHistory,
  batch: async () => (await import("./batch.tsx")).registerRemoteBatch,
  review: async () => (await import("./review.tsx")).registerRemoteReview,
  monitor: async () => (await import("./monitor.tsx")).registerRemoteMonitor,
  sanctions: async () => (await import("./sanctions.tsx")).registerRemoteSanctions,
};

/** The value of an option given as `--name value` or `--name=value`, the last one given. */
function optionValue(argv: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === name) value = argv[i + 1];
    else if (arg.startsWith(`${name}=`)) value = arg.slice(name.length + 1);
  });
  return value;
}

/** The server a run works against (--server, else DUECHECK_SERVER), or null for this machine's database. */
export function remoteServer(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string | null {
  const server = optionValue(argv, "--server") ?? env.DUECHECK_SERVER;
  return server?.trim() ? server.trim() : null;
}

/** The API key of a remote run: --api-key, else DUECHECK_API_KEY. */
export function remoteApiKey(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  return optionValue(argv, "--api-key") ?? env.DUECHECK_API_KEY;
}

/** The command as typed, up to its first option: `duecheck db migrate`. */
export function commandLine(argv: readonly string[], depth = 2): string {
  const words: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith("-") || words.length === depth) break;
    words.push(arg);
  }
  return `duecheck ${words.join(" ")}`;
}

/**
 * What a command that only works on this machine's database says when a server is set: it would otherwise open (or
 * create) a local database the user did not mean, and change nothing on the server they named. Exit code 2: a usage
 * error, not a failure of the work.
 */
export function localOnlyMessage(command: string, server: string): string {
  return `${command} works on this machine's database only; DUECHECK_SERVER is set or --server given (${server}). Unset it to run the command here, or run it on the server's machine.`;
}
