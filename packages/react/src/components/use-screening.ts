import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { DuecheckError } from "../api/transport.ts";
import type { ExportFormat, ScreeningView } from "../api/types.ts";
import { useDuecheck } from "../provider.tsx";

/** Polling interval of a running search (spec part 1 section 9), as in the app. */
export const SEARCH_POLL_MS = 2000;

export const isFinished = (status: ScreeningView["status"] | undefined) => status === "completed" || status === "failed";

/** One search, polled every 2 s until it has completed or failed. */
export function useScreening(searchId: string | null) {
  const { transport } = useDuecheck();
  return useQuery<ScreeningView, DuecheckError>({
    queryKey: ["duecheck", "search", searchId],
    enabled: !!searchId,
    queryFn: () => transport.getSearch(searchId!),
    refetchInterval: (query) => (!isFinished(query.state.data?.status) && !query.state.error ? SEARCH_POLL_MS : false),
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
