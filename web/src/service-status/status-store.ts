/**
 * Whether the server can do its work now, as the app last heard. A 503 with Retry-After (the server's answer while
 * its database cannot be reached) makes the app ask /readyz; while that says unavailable the app shows a banner and
 * asks again every Retry-After seconds; once it answers 200 the banner goes and every query is fetched again.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let unavailable = false;
/** One wait for the server at a time, however many calls were answered 503. */
let checking = false;
const DEFAULT_RETRY_SECONDS = 5;

export function subscribeServiceStatus(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function serviceUnavailable() {
  return unavailable;
}

function set(next: boolean) {
  if (next === unavailable) return;
  unavailable = next;
  for (const listener of listeners) listener();
}

/** fetch, with the server's 503s noticed: every call of the app to its server goes through this. */
export async function observedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  if (res.status === 503 && res.headers.has("Retry-After")) noticeUnavailable(Number(res.headers.get("Retry-After")));
  return res;
}

function noticeUnavailable(retryAfterSeconds: number) {
  const seconds = Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? Math.min(retryAfterSeconds, 60) : DEFAULT_RETRY_SECONDS;
  if (checking) return;
  checking = true;
  void waitUntilReady(seconds).finally(() => {
    checking = false;
  });
}

async function ready(): Promise<boolean> {
  try {
    return (await fetch("/readyz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

async function waitUntilReady(seconds: number) {
  // A 503 may also be an ordinary answer (the list search names lists without data): only /readyz says outage.
  if (await ready()) return;
  set(true);
  while (!(await ready())) await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  set(false);
}
