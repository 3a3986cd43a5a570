import { useEffect, useRef, useState } from "react";
import { ResultsView } from "../../../../web/src/search/results-view.tsx";
import { SearchExportContext } from "../../../../web/src/search/search-export.tsx";
import { FailedView, SearchingView } from "../../../../web/src/search/status-views.tsx";
import type { ScreeningView } from "../api/types.ts";
import { ShadowScope } from "../scope/shadow-scope.tsx";
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

/** The same without its own shadow root (inside ScreeningSearch, which has one). */
export function ScreeningResultBody({ searchId, onCompleted, onError, onNewSearch }: ScreeningResultProps) {
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

  if (search.error) return <ProblemAlert text={problem(search.error, "dc.loadFailed")} />;
  if (!search.data) return <SearchingView term="" status={undefined} />;
  if (!isFinished(status)) return <SearchingView term={search.data.searchTerm} status={status} />;
  if (status === "failed") return <FailedView search={search.data} onNewSearch={onNewSearch} />;
  return (
    <SearchExportContext.Provider
      value={async (id, format) => {
        setExportProblem(null);
        await download(id, format);
      }}
    >
      <div className="grid gap-4">
        {exportProblem && <ProblemAlert text={exportProblem} testId="duecheck-export-problem" />}
        <ResultsView search={search.data} onNewSearch={onNewSearch} />
      </div>
    </SearchExportContext.Provider>
  );
}
