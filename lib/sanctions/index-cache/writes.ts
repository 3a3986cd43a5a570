/**
 * The snapshot writes a process has under way. Each waits WRITE_DELAY_MS after its index is ready, so the first
 * searches are answered before the snapshot is encoded (in the CLI, which holds its index in its own thread, encoding
 * a million entities takes a second or two); a command that ends sooner starts them at once and waits for them
 * (settleSnapshotWrites) before it closes the database, so its index is not built again by the next command.
 */
const WRITE_DELAY_MS = 2000;

const waiting = new Set<() => void>();
const running = new Set<Promise<void>>();

/** Runs `write` after WRITE_DELAY_MS, or when start() or settleSnapshotWrites asks for it first. */
export function scheduleSnapshotWrite(write: () => Promise<void>): { task: Promise<void>; start: () => void } {
  let start: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    start = resolve;
  });
  waiting.add(start);
  const timer = setTimeout(start, WRITE_DELAY_MS);
  // A timer must not keep a finished process alive: settleSnapshotWrites starts what is left.
  (timer as unknown as { unref?: () => void }).unref?.();
  const task = started.then(() => {
    clearTimeout(timer);
    waiting.delete(start);
    return write();
  });
  running.add(task);
  void task.finally(() => running.delete(task)).catch(() => {});
  return { task, start };
}

/** Starts every scheduled write now and waits for all of them (they report their own failures). */
export async function settleSnapshotWrites(): Promise<void> {
  for (const start of [...waiting]) start();
  while (running.size > 0) await Promise.allSettled([...running]);
}
