/**
 * A task a server process runs every `seconds` and once at start (catching up what was missed while no server was
 * up), never twice at once in one process: a tick while it runs answers the running one. A failure is logged and the
 * next tick tries again. With 0 seconds it runs only when ticked (tests drive it with their own clock).
 */
export interface PeriodicTask<T> {
  /** One run now, or the running one's end: its outcome, null when it failed. */
  tick(): Promise<T | null>;
  /** Whether a run is under way. */
  busy(): boolean;
  /** No further runs; waits for the running one. */
  stop(): Promise<void>;
}

export function startPeriodicTask<T>(options: {
  /** How the log names it: "<name> failed:". */
  name: string;
  seconds: number;
  run: () => Promise<T | null>;
  log?: (message: string, error: unknown) => void;
}): PeriodicTask<T> {
  const log = options.log ?? ((message, error) => console.error(`[duecheck] ${message}`, error));
  let running: Promise<T | null> | null = null;
  const tick = () => {
    running ??= options
      .run()
      .catch((error) => {
        log(`${options.name} failed:`, error);
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = options.seconds > 0 ? setInterval(tick, options.seconds * 1000) : null;
  if (options.seconds > 0) void tick();
  return {
    tick,
    busy: () => running !== null,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
