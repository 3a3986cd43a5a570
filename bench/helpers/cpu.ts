/** Where the CPU went during a benchmark, read from /proc: a process's, PostgreSQL's and the whole machine's. */

import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds (user + system) of a process, from /proc (clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of each PostgreSQL process of this machine, by pid. */
export function postgresCpuSeconds(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") out.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** CPU the PostgreSQL processes used between two readings (a process that ended meanwhile is left out). */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Busy and total CPU seconds of the whole machine (all cores), from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = ticks[3] + ticks[4];
  return { busy: (total - idle) / 100, total: total / 100 };
}
