/**
 * The peak memory of a command in a process of its own. The kernel's figure for a child (ru_maxrss) counts the
 * pages of the process it was forked from, so a child of a test process that has grown to hundreds of MB reads as
 * that large whatever it does. The command is therefore started by a small process of its own (this file run as a
 * script), whose figure for it is the command's own.
 */
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Measured {
  code: number;
  stdout: string;
  stderr: string;
  peakRssMb: number;
}

/** Runs argv with env, from a small intermediate process; answers its output and its peak RSS in MB. */
export function runMeasured(argv: string[], env: Record<string, string | undefined>): Measured {
  const report = join(tmpdir(), `peak-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    const child = Bun.spawnSync([process.execPath, import.meta.path, report, ...argv], { env, stdout: "pipe", stderr: "pipe" });
    return { code: child.exitCode ?? -1, stdout: child.stdout.toString(), stderr: child.stderr.toString(), peakRssMb: Number(readFileSync(report, "utf8")) };
  } finally {
    rmSync(report, { force: true });
  }
}

if (import.meta.main) {
  const [report, ...argv] = process.argv.slice(2);
  const child = Bun.spawnSync(argv, { stdout: "inherit", stderr: "inherit" });
  await Bun.write(report, String((child.resourceUsage?.maxRSS ?? 0) / 2 ** 20));
  process.exit(child.exitCode ?? 1);
}
