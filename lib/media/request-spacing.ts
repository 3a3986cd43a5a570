/**
 * Keeps requests to one service at least a minimum interval apart, across every search in this process.
 * GDELT allows one request every 5 seconds per address and answers 429 to more; waiting our turn is better
 * than failing, but never longer than the caller would wait for the answer itself.
 */
const nextFreeAt = new Map<string, number>();

export class SpacingWaitTooLong extends Error {}

/** Waits for a slot; throws SpacingWaitTooLong (taking no slot) when the slot is more than maxWaitMs away. */
export async function waitForSlot(key: string, minIntervalMs: number, maxWaitMs: number, signal?: AbortSignal): Promise<void> {
  if (minIntervalMs <= 0) return;
  const now = Date.now();
  const slot = Math.max(now, nextFreeAt.get(key) ?? 0);
  const wait = slot - now;
  if (wait > maxWaitMs) throw new SpacingWaitTooLong(`the next request slot is ${Math.ceil(wait / 1000)} s away`);
  nextFreeAt.set(key, slot + minIntervalMs);
  if (wait === 0) return;
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error("cancelled"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, wait);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
