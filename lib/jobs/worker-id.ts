import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

/**
 * This process among all that run jobs on the database: host, process id and a token of this start, since a restarted
 * server (in a container, say) often gets the process id its dead predecessor had.
 */
export const WORKER_ID = `${hostname()}:${process.pid}:${randomUUID()}`;

export function parseWorkerId(id: string): { host: string; pid: number; token: string } | null {
  const match = /^(.*):(\d+):([0-9a-f-]{36})$/.exec(id);
  return match ? { host: match[1], pid: Number(match[2]), token: match[3] } : null;
}
