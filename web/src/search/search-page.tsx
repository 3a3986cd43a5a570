import { ScreeningSearchBody } from "@duecheck/react/components/screening-search";
import { DuecheckAppProvider } from "@duecheck/react/context";
import { ResultsView } from "@duecheck/react/views/search/results-view";
import { FailedView, LoadErrorView } from "@duecheck/react/views/search/status-views";
import { Spinner } from "@duecheck/ui/spinner";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { canScreen } from "../../../lib/auth/roles.ts";
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from "../auth/use-current-user";
import { CREDIT_BALANCE_QUERY_KEY } from "../credits/use-credit-balance";
import { AppResultsReview } from "../review/results-review";
import { SessionSanctionsNotice } from "../sanctions/session-data-notice";
import { PageHeader } from "../shell/page-header";
import { HistoricalBanner } from "./historical-banner";
import { newSearchRequestAtom } from "./new-search-atom";
import { ReadOnlyHome } from "./read-only-home";
import { sessionTransport } from "./session-transport";
import { useSearchAllowance } from "./use-search-allowance";
import { SEARCH_LIST_QUERY_KEY, useSearchDetail, useSearchStartRefusal } from "./use-searches";

/**
 * / (the search screen). With ?view={searchId} it shows that stored search at once, read once and
 * never polled; otherwise the form, then the searching view while the server is asked to answer when the new
 * search ends (polling every 2 s if that fails), then the results or the failed view.
 */
export function SearchPage() {
  const { view } = useSearch({ strict: false }) as { view?: string };
  const newSearchRequest = useAtomValue(newSearchRequestAtom);
  const { user } = useCurrentUser();
  if (!view && user && !canScreen(user)) return <ReadOnlyHome />;
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <AppResultsReview>{view ? <HistoricalSearch key={view} id={view} /> : <NewSearch key={newSearchRequest} />}</AppResultsReview>
    </div>
  );
}

/**
 * A new search: the embeddable package's search flow (packages/react: the form, the searching view while the server is
 * asked to answer when the search ends, then the results or the failed view) over the signed-in session, with the
 * app's header, credits, list notice and toasts. Once the search ends its charge is final: the user (credits), the
 * balance and the history list are refreshed.
 */
function NewSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowance = useSearchAllowance();
  const refuse = useSearchStartRefusal();
  const transport = useMemo(() => sessionTransport(), []);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: CREDIT_BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SEARCH_LIST_QUERY_KEY });
  }, [queryClient]);
  return (
    <DuecheckAppProvider transport={transport}>
      <ScreeningSearchBody
        header={<PageHeader title={t("search.title")} description={t("search.subtitle")} />}
        allowance={allowance}
        notice={<SessionSanctionsNotice />}
        askCountry={false}
        autoFocus
        onStarted={() => void queryClient.invalidateQueries({ queryKey: SEARCH_LIST_QUERY_KEY })}
        onStartError={refuse}
        onCompleted={refresh}
        onError={refresh}
        onNewSearch={() => void navigate({ to: "/", search: {} })}
        loadError={<LoadErrorView />}
      />
    </DuecheckAppProvider>
  );
}

function HistoricalSearch({ id }: { id: string }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const search = useSearchDetail(id, { poll: false, role: user?.role });
  const startOver = () => void navigate({ to: "/", search: {} });

  if (search.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-muted-foreground" />
      </div>
    );
  }
  if (search.isError || !search.data) return <LoadErrorView />;
  const running = search.data.status === "pending" || search.data.status === "processing";
  const banner = <HistoricalBanner term={search.data.searchTerm} stillProcessing={search.data.status !== "failed" && running} />;
  if (search.data.status === "failed") return <FailedView search={search.data} banner={banner} onNewSearch={startOver} />;
  return <ResultsView search={search.data} banner={banner} onNewSearch={startOver} />;
}
