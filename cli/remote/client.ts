/**
 * The client of a remote run: @duecheck/client for --server (else DUECHECK_SERVER) and --api-key (else
 * DUECHECK_API_KEY). Its refusals become the CLI's errors (the server's message, exit 1), and a server that does not
 * answer is named with the address tried.
 */
import type { Command } from "commander";
import { createClient, DuecheckApiError, type DuecheckClient, DuecheckConnectionError } from "../../packages/client/src/index.ts";
import { CliError, failWith } from "../fail.ts";
import { commandLine, localOnlyMessage, remoteApiKey, remoteServer } from "./target.ts";

/** --server and --api-key on a command that works against a server too. */
export function withRemoteOptions(command: Command): Command {
  return command
    .option("--server <url>", "work against this duecheck server instead of this machine's database (default: DUECHECK_SERVER)")
    .option("--api-key <key>", "the API key to the server (default: DUECHECK_API_KEY); its owner is who acts");
}

/** The options withRemoteOptions adds. */
export interface RemoteOptions {
  server?: string;
  apiKey?: string;
}

/** What a server's refusal or silence says to the person at the terminal: the server's own message. */
function cliError(error: unknown, server: string): unknown {
  if (error instanceof DuecheckConnectionError) return new CliError(error.message);
  if (error instanceof DuecheckApiError) {
    const wait = error.status === 429 && error.retryAfter !== null ? ` (try again in ${error.retryAfter} s)` : "";
    return new CliError(`${error.message}${wait} (HTTP ${error.status} from ${server})`);
  }
  return error;
}

/** The client of this run (--server and --api-key, else the environment); every call's refusal is a CliError. */
export function remoteClient(options: RemoteOptions): DuecheckClient {
  const server = (options.server ?? remoteServer([]))?.trim();
  if (!server) failWith("No server: set DUECHECK_SERVER or give --server");
  const apiKey = options.apiKey ?? remoteApiKey([]);
  if (!apiKey) failWith(`No API key for ${server}: set DUECHECK_API_KEY or give --api-key (create one under API Access)`);
  if (!/^https?:\/\//.test(server)) failWith(`DUECHECK_SERVER must be an http(s) address such as https://duecheck.example.com, not ${server}`);
  const client = createClient({ server, apiKey });
  return new Proxy(client, {
    get(target, name) {
      const call = target[name as keyof DuecheckClient] as (...args: unknown[]) => Promise<unknown>;
      if (typeof call !== "function") return call;
      return (...args: unknown[]) =>
        call(...args).catch((error: unknown) => {
          throw cliError(error, server);
        });
    },
  });
}

/** --user names a local account; against a server the API key's owner acts, so it is refused rather than ignored. */
export function refuseUserOption(options: { user?: string }) {
  if (options.user !== undefined) failWith("--user works on this machine's database only: against a server, the API key's owner acts");
}

/** A subcommand with no remote form: says so and exits 2, whatever it was given. */
export function localOnlyCommand(parent: Command, name: string, description: string) {
  const command = parent
    .command(name)
    .description(`${description} (this machine's database only)`)
    .allowUnknownOption()
    .allowExcessArguments()
    .helpOption(false);
  withRemoteOptions(command).action((options: RemoteOptions) => {
    const server = options.server ?? remoteServer([]) ?? "";
    console.error(`duecheck: ${localOnlyMessage(commandLine([parent.name(), name]), server)}`);
    process.exitCode = 2;
  });
}
