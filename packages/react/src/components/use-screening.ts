import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { DuecheckError } from "../api/errors.ts";
import type { ExportFormat, ScreeningView } from "../api/types.ts";
import { useDuecheck } from "../context.ts";

/** Polling interval of a running search: every 2 s, as in the app. */
export const SEARCH_POLL_MS = 2000;

export const isFinished = (status: ScreeningView["status"] | undefined) => status === "completed" || status === "failed";

/** How long one waiting read may stay open (the servers allow up to 30 s and 60 s). */
const WAIT_SECONDS = 25;
/** A waiting read that comes back sooner with the search still running was not a wait. */
const MIN_WAIT_MS = 1000;

/**
 * How each running search is being read, by search id. Kept outside the component so that a screen that moves to the
 * search's own address (and mounts the result again) goes on with waiting reads instead of starting over.
 */
const readStates = new Map<string, { count: number; waiting: boolean }>();

function readStateOf(searchId: string) {
  let state = readStates.get(searchId);
  if (!state) {
    state = { count: 0, waiting: true };
    readStates.set(searchId, state);
  }
  return state;
}

/**
 * One search until it has completed or failed: read at once, then read with `wait` so the server answers the moment
 * it ends. When a waiting read fails (a proxy that cuts long requests), plain reads every 2 s take over.
 */
export function useScreening(searchId: string | null) {
  const { transport } = useDuecheck();
  return useQuery<ScreeningView, DuecheckError>({
    queryKey: ["duecheck", "search", searchId],
    enabled: !!searchId,
    queryFn: async () => {
      const state = readStateOf(searchId!);
      if (state.count++ === 0 || !state.waiting) return transport.getSearch(searchId!);
      try {
        const startedAt = Date.now();
        const search = await transport.getSearch(searchId!, { waitSeconds: WAIT_SECONDS });
        if (isFinished(search.status)) readStates.delete(searchId!);
        // A server that answered a running search at once did not wait (an older one): plain reads from now on.
        if (!isFinished(search.status) && Date.now() - startedAt < MIN_WAIT_MS) state.waiting = false;
        return search;
      } catch (error) {
        if (error instanceof DuecheckError && error.status >= 400 && error.status < 500) throw error;
        state.waiting = false;
        return transport.getSearch(searchId!);
      }
    },
    staleTime: 0,
    // While waiting reads work, the next one goes out as soon as the last answered; otherwise every 2 s.
    refetchInterval: (query) =>
      isFinished(query.state.data?.status) || query.state.error ? false : (readStates.get(searchId ?? "")?.waiting ?? true) ? 1 : SEARCH_POLL_MS,
    refetchIntervalInBackground: true,
    // A brief network hiccup while a search runs is retried; a refusal (expired token, 404) is not.
    retry: (count, error) => error.status === 0 && count < 2,
  });
}

/** What went wrong, in the reader's language: an expired token, a search that is not there (or not yours), or the server's text. */
export function useProblemText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, key: string) => {
      const status = error instanceof DuecheckError ? error.status : 0;
      if (status === 401) return t("dc.tokenExpired");
      if (status === 404) return t("dc.notFound");
      return t(key, { reason: error instanceof Error ? t(error.message) : String(error) });
    },
    [t],
  );
}

/** Downloads a report through the transport (an embed token cannot ride on a link) and saves it under the server's name. */
export function useReportDownload(onError?: (error: unknown) => void, onProblem?: (text: string) => void) {
  const { transport } = useDuecheck();
  const problem = useProblemText();
  return useCallback(
    async (searchId: string, format: ExportFormat) => {
      try {
        const { blob, fileName } = await transport.exportSearch(searchId, format);
        const url = URL.createObjectURL(blob);
        const link = document.createElement("a");
        link.href = url;
        link.download = fileName;
        link.rel = "noopener";
        link.style.display = "none";
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (error) {
        onProblem?.(problem(error, "dc.exportFailed"));
        onError?.(error);
      }
    },
    [transport, problem, onError, onProblem],
  );
}
