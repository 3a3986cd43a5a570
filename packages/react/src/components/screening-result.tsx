import { type ReactNode, useEffect, useRef, useState } from "react";
import type { ScreeningView } from "../api/types.ts";
import { useDuecheck } from "../context.ts";
import { ShadowScope } from "../scope/shadow-scope.tsx";
import { ResultsView } from "../views/search/results-view.tsx";
import { SearchExportContext } from "../views/search/search-export.tsx";
import { FailedView, SearchingView } from "../views/search/status-views.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { isFinished, useProblemText, useReportDownload, useScreening } from "./use-screening.ts";

export interface ScreeningResultProps {
  searchId: string;
  /** Called once when the search has completed (at once for one that already had). */
  onCompleted?: (search: ScreeningView) => void;
  /** A refusal (401 expired token, 404 not found or not yours), a failed search or a failed export. */
  onError?: (error: unknown) => void;
  /** Shows 'Start New Search' and calls this when it is pressed. */
  onNewSearch?: () => void;
}

/** A search's result: risk badge, reasons, sanctions and PEP hits with their explanation and evidence, media, summary, exports. */
export function ScreeningResult(props: ScreeningResultProps) {
  return (
    <ShadowScope name="screening-result">
      <ScreeningResultBody {...props} />
    </ShadowScope>
  );
}

export interface ScreeningResultBodyProps extends ScreeningResultProps {
  /** The term while the first read is under way (the search form knows it). */
  pendingTerm?: string;
  /** Instead of the package's alert when the search cannot be read (the app shows its own view). */
  loadError?: ReactNode;
}

/** The same without its own shadow root (inside ScreeningSearch, which has one, and on the app's own screen). */
export function ScreeningResultBody({ searchId, onCompleted, onError, onNewSearch, pendingTerm = "", loadError }: ScreeningResultBodyProps) {
  const { transport } = useDuecheck();
  const search = useScreening(searchId);
  const problem = useProblemText();
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const download = useReportDownload(onError, setExportProblem);
  const reported = useRef<string | null>(null);
  const status = search.data?.status;

  useEffect(() => {
    const key = `${searchId}:${status ?? ""}:${search.error ? "error" : ""}`;
    if (reported.current === key) return;
    if (search.error) {
      reported.current = key;
      onError?.(search.error);
    } else if (search.data && isFinished(status)) {
      reported.current = key;
      if (status === "completed") onCompleted?.(search.data);
      else onError?.(new Error(search.data.error ?? "The search failed"));
    }
  }, [searchId, status, search.data, search.error, onCompleted, onError]);

  if (search.error) return loadError ?? <ProblemAlert text={problem(search.error, "dc.loadFailed")} />;
  if (!search.data || !isFinished(status)) return <SearchingView term={search.data?.searchTerm ?? pendingTerm} status={status} />;
  if (status === "failed") return <FailedView search={search.data} onNewSearch={onNewSearch} />;
  // A session can open the reports as links (the app's way); an embed token downloads them through the transport.
  const exportThroughTransport = transport.exportUrl
    ? null
    : async (id: string, format: "pdf" | "excel") => {
        setExportProblem(null);
        await download(id, format);
      };
  return (
    <SearchExportContext.Provider value={exportThroughTransport}>
      <div className="grid gap-4">
        {exportProblem && <ProblemAlert text={exportProblem} testId="duecheck-export-problem" />}
        <ResultsView search={search.data} onNewSearch={onNewSearch} />
      </div>
    </SearchExportContext.Provider>
  );
}
