/**
 * A duecheck command run inside the test process, as `bin/duecheck` runs it (cli/run.ts), with what it prints
 * collected. Only the command's own output is taken: writes made in its async context (AsyncLocalStorage), so a
 * server running in the same process keeps logging where it did. Runs take turns, because a command reads its
 * environment from process.env, which is set for the run and put back after it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { runCommand } from "../../cli/run.ts";

interface Capture {
  stdout: string;
  stderr: string;
}

const capture = new AsyncLocalStorage<Capture>();
let installed = false;
let turn: Promise<unknown> = Promise.resolve();

export async function runCommandCaptured(args: string[], env: Record<string, string>, timeoutMs: number) {
  installCapture();
  const run = turn.then(() => runOne(args, env, timeoutMs));
  turn = run.catch(() => {});
  return run;
}

async function runOne(args: string[], env: Record<string, string>, timeoutMs: number) {
  const restoreEnv = setEnvironment(env);
  const exitCodeBefore = process.exitCode;
  process.exitCode = 0;
  const output: Capture = { stdout: "", stderr: "" };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`duecheck ${args.join(" ")} did not end within ${timeoutMs} ms`)), timeoutMs);
    });
    const outcome = await capture.run(output, () => Promise.race([runCommand(args), timeout]));
    return { code: outcome.code, stdout: output.stdout, stderr: output.stderr };
  } finally {
    clearTimeout(timer);
    process.exitCode = exitCodeBefore;
    restoreEnv();
  }
}

/** Sets the run's variables over the process's; the returned function puts every variable back as it was. */
function setEnvironment(env: Record<string, string>) {
  const before = new Map(Object.keys(env).map((key) => [key, process.env[key]]));
  for (const [key, value] of Object.entries(env)) process.env[key] = value;
  return () => {
    for (const [key, value] of before) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/** Routes stdout, stderr and the console into the capture of the run whose context writes, once per process. */
function installCapture() {
  if (installed) return;
  installed = true;
  const text = (chunk: unknown) => (typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8"));
  for (const [stream, key] of [
    [process.stdout, "stdout"],
    [process.stderr, "stderr"],
  ] as const) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const into = capture.getStore();
      if (!into) return write(chunk as string, ...(rest as []));
      into[key] += text(chunk);
      const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof stream.write;
    // A command's output goes to a pipe, as from a process the tests start: never laid out for a terminal.
    const tty = stream.isTTY;
    Object.defineProperty(stream, "isTTY", { configurable: true, get: () => (capture.getStore() ? false : tty) });
  }
  for (const [method, key] of [
    ["log", "stdout"],
    ["info", "stdout"],
    ["debug", "stdout"],
    ["warn", "stderr"],
    ["error", "stderr"],
  ] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const into = capture.getStore();
      if (!into) return original(...args);
      into[key] += `${format(...args)}\n`;
    };
  }
}
