import { join } from "node:path";
import { runCommandCaptured } from "./cli-in-process.ts";
import { noteStart } from "./starts.ts";

const BIN = join(import.meta.dir, "..", "..", "bin", "duecheck");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a duecheck command line as `bin/duecheck` would, in the test process: the same program, arguments and
 * environment, its output collected and its exit code returned. A process costs a second or more of loading and
 * opening the database; a test about the process itself (killed, run side by side, holding a folder) uses
 * runCliProcess.
 */
export async function runCli(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<CliResult> {
  // DUECHECK_TEST_CLI=process runs every command as a process, as before, to compare the two.
  if (process.env.DUECHECK_TEST_CLI === "process") return runCliProcess(args, env, timeoutMs);
  noteStart("command");
  return runCommandCaptured(args, { DATABASE_URL: "", ...env }, timeoutMs);
}

/** Runs bin/duecheck as a separate process and collects its output. */
export async function runCliProcess(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<CliResult> {
  noteStart("cli");
  const proc = Bun.spawn([BIN, ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => proc.kill(), timeoutMs);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Starts `duecheck serve` and waits for the line with its URL. */
export async function startServeProcess(env: Record<string, string>) {
  noteStart("cli");
  const proc = Bun.spawn([BIN, "serve", "--port", "0"], {
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = proc.stdout.getReader();
  let output = "";
  const deadline = Date.now() + 60_000;
  while (!/running at (http:\/\/\S+)/.test(output)) {
    if (Date.now() > deadline) throw new Error(`serve did not start: ${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve exited: ${output}${await new Response(proc.stderr).text()}`);
    output += new TextDecoder().decode(value);
  }
  // The rest of the banner (database, first admin) may come in several chunks: read until the output is quiet.
  let pending = reader.read();
  while (Date.now() < deadline) {
    const more = await Promise.race([pending, Bun.sleep(500).then(() => null)]);
    if (!more || more.done) break;
    output += new TextDecoder().decode(more.value);
    pending = reader.read();
  }
  // Releasing the reader rejects the read still waiting; the stream keeps its data for whoever reads next.
  pending.catch(() => {});
  reader.releaseLock();
  return {
    proc,
    url: /running at (http:\/\/\S+)/.exec(output)![1],
    output,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}
