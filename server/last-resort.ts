import type { RunningServer } from "./start.ts";

/** How long a dying server may take to hand its running jobs back before it exits anyway. */
const HAND_BACK_MS = 20_000;

/**
 * The last line of defence: an error nothing caught would leave the process in an unknown state. It is logged with its
 * stack, running jobs are handed back to the queue as at shutdown (so another process, or this one restarted by its
 * supervisor, takes them up at once), and the process exits with status 1 so that the supervisor restarts it.
 */
export function exitOnUnexpectedError(server: Pick<RunningServer, "stop">) {
  let exiting = false;
  const die = (kind: string) => (error: unknown) => {
    console.error(`[duecheck] ${kind}; stopping so a supervisor can restart the server:`, error instanceof Error ? error.stack : error);
    if (exiting) return;
    exiting = true;
    const deadline = setTimeout(() => process.exit(1), HAND_BACK_MS);
    server
      .stop()
      .catch((e) => console.error("[duecheck] handing back running jobs failed:", e))
      .finally(() => {
        clearTimeout(deadline);
        process.exit(1);
      });
  };
  process.on("uncaughtException", die("uncaught exception"));
  process.on("unhandledRejection", die("unhandled promise rejection"));
}
