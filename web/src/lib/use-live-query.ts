import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/** How long one waiting request may stay open (the server allows up to 30 s). */
const LONG_POLL_SECONDS = 25;

export interface LiveQueryOptions<T> {
  queryKey: QueryKey;
  /**
   * The resource's typed call (web/src/lib/api.ts); `wait` is the seconds the server may wait for the end, undefined
   * for a plain read.
   */
  read: (wait: number | undefined, signal: AbortSignal) => Promise<T>;
  /** Whether the work has ended: nothing more is asked then. */
  isDone: (data: T | undefined) => boolean;
  /** The plain polling interval (a batch: 3 s), the fallback when waiting requests do not work. */
  pollMs: number;
  enabled?: boolean;
}

/**
 * Something a server job works on (a running search; batch progress later): read at once, then asked again
 * with `?wait=` so the server answers the moment the work ends, and again at once whenever a wait ran out.
 * When a waiting request fails (a proxy that cuts long requests, an older server), plain polling every
 * `pollMs` takes over, so the screen still follows the work; the interval also runs meanwhile, idle while a request is open.
 */
export function useLiveQuery<T>({ queryKey, read, isDone, pollMs, enabled = true }: LiveQueryOptions<T>) {
  const queryClient = useQueryClient();
  const waiting = useRef(true);
  const query = useQuery<T>({
    queryKey,
    enabled,
    staleTime: 0,
    // A brief network hiccup does not end the screen; the retry polls plainly.
    retry: 2,
    queryFn: async ({ signal }) => {
      const known = queryClient.getQueryData<T>(queryKey);
      if (!waiting.current || known === undefined) return read(undefined, signal);
      const asked = Date.now();
      try {
        const answer = await read(LONG_POLL_SECONDS, signal);
        // Not done, and long before the wait ran out: this server does not wait, so do not ask it in a loop.
        if (!isDone(answer) && Date.now() - asked < (LONG_POLL_SECONDS * 1000) / 2) waiting.current = false;
        return answer;
      } catch (error) {
        if (!signal.aborted) waiting.current = false;
        throw error;
      }
    },
    refetchInterval: (q) => (isDone(q.state.data) || q.state.error ? false : pollMs),
  });

  const { data, dataUpdatedAt, refetch } = query;
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt: a new answer, even one equal to the last
  useEffect(() => {
    // Not done yet: wait for the end right away, without waiting for the next interval.
    if (enabled && waiting.current && data !== undefined && !isDone(data)) void refetch({ cancelRefetch: false });
    // dataUpdatedAt: a new answer, even one equal to the last.
  }, [enabled, data, dataUpdatedAt, isDone, refetch]);
  return query;
}
