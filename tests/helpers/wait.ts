/** Polls `probe` every 200 ms until it answers a truthy value; throws naming `what` after timeoutMs. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(200);
  }
}

/**
 * Waits, when fewer than `leftMs` are left in the current fixed window of `windowMs` (rate limits count per calendar
 * minute), for the next one to begin: calls a test makes against a limit then all fall in one window.
 */
export async function withinOneWindow(windowMs: number, leftMs: number): Promise<void> {
  const into = Date.now() % windowMs;
  if (windowMs - into < leftMs) await Bun.sleep(windowMs - into + 50);
}
