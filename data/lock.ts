import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/** Who holds an embedded data folder: a server (reachable through its socket) or a CLI run. */
export interface DataDirLock {
  pid: number;
  holder: "server" | "cli";
  socketPath?: string;
  port?: number;
  startedAt: string;
}

const LOCK_FILE = "duecheck.lock";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live holder of the folder, or null (a stale lock of a dead process is removed). */
export function readDataDirLock(dataDir: string): DataDirLock | null {
  const path = join(dataDir, LOCK_FILE);
  let lock: DataDirLock;
  try {
    lock = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
  if (lock.pid === process.pid || isAlive(lock.pid)) return lock;
  rmSync(path, { force: true });
  return null;
}

/** Takes the folder for this process, or returns the live holder when another process has it. */
export function acquireDataDirLock(
  dataDir: string,
  lock: Omit<DataDirLock, "pid" | "startedAt">,
): { ok: true; release: () => void } | { ok: false; holder: DataDirLock } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      const content: DataDirLock = { ...lock, pid: process.pid, startedAt: new Date().toISOString() };
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          const current = readDataDirLock(dataDir);
          if (current?.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readDataDirLock(dataDir);
      if (holder) return { ok: false, holder };
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}

/** Rewrites the lock's details (the socket path is known only after the socket listens). */
export function updateDataDirLock(dataDir: string, lock: Omit<DataDirLock, "pid" | "startedAt">) {
  const path = join(dataDir, LOCK_FILE);
  const current = readDataDirLock(dataDir);
  if (current?.pid !== process.pid) throw new Error(`The lock ${path} is not held by this process`);
  const fd = openSync(path, "w", 0o600);
  writeSync(fd, JSON.stringify({ ...current, ...lock }));
  closeSync(fd);
}
