import { ScreeningResultBody } from "@duecheck/react/components/screening-result";
import { DuecheckAppProvider } from "@duecheck/react/context";
import { ResultsView } from "@duecheck/react/views/search/results-view";
import { FailedView, LoadErrorView } from "@duecheck/react/views/search/status-views";
import { Spinner } from "@duecheck/ui/spinner";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { canScreen } from "../../../lib/auth/roles.ts";
import { isFinished } from "../../../lib/screening/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { AppResultsReview } from "../review/results-review";
import { HiddenNotice } from "./hidden-notice";
import { HistoricalBanner } from "./historical-banner";
import { sessionTransport } from "./session-transport";
import { startedSearchesAtom } from "./started-searches-atom";
import { useSearchDetail, useSearchEndRefresh } from "./use-searches";

/**
 * /searches/{id}: one search's own address. A search just started from this tab's form goes on in the search
 * flow (progress, then results); any other (a reload, a shared link, History, a review) is read as a stored search
 * with the 'historical' banner: what it has so far, '(still processing)' and polled while it runs, read once when done.
 */
export function SearchResultPage() {
  const { searchId } = useParams({ from: "/shell/searches/$searchId" });
  const started = useAtomValue(startedSearchesAtom).has(searchId);
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <AppResultsReview>{started ? <StartedSearch key={searchId} id={searchId} /> : <StoredSearch key={searchId} id={searchId} />}</AppResultsReview>
    </div>
  );
}

/** 'Start New Search': for those who may screen; a read-only reader (an auditor) is not offered a search they cannot start. */
function useStartOver() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  return user && canScreen(user) ? () => void navigate({ to: "/" }) : undefined;
}

/** The package's result flow over the session: once the search ends its charge is final, so credits and history refresh. */
function StartedSearch({ id }: { id: string }) {
  const refresh = useSearchEndRefresh();
  const startOver = useStartOver();
  const transport = useMemo(() => sessionTransport(), []);
  return (
    <DuecheckAppProvider transport={transport}>
      <ScreeningResultBody searchId={id} onCompleted={refresh} onError={refresh} onNewSearch={startOver} loadError={<LoadErrorView />} />
    </DuecheckAppProvider>
  );
}

function StoredSearch({ id }: { id: string }) {
  const { user } = useCurrentUser();
  // Read once the role is known: an admin's or reviewer's read of another's search falls back to their own route.
  const search = useSearchDetail(user ? id : undefined, { poll: true, role: user?.role });
  const startOver = useStartOver();

  if (search.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-muted-foreground" />
      </div>
    );
  }
  if (search.isError || !search.data) return <LoadErrorView />;
  const { status } = search.data;
  const banner = (
    <>
      <HistoricalBanner term={search.data.searchTerm} stillProcessing={!isFinished(status)} />
      <HiddenNotice search={search.data} />
    </>
  );
  if (status === "failed") return <FailedView search={search.data} banner={banner} onNewSearch={startOver} />;
  return <ResultsView search={search.data} banner={banner} onNewSearch={startOver} />;
}
