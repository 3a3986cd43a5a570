import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from "../auth/use-current-user";
import { CREDIT_BALANCE_QUERY_KEY } from "../credits/use-credit-balance";
import { Spinner } from "../components/ui/spinner";
import { useLiveQuery } from "../lib/use-live-query";
import { HistoricalBanner } from "./historical-banner";
import { ResultsView } from "./results-view";
import type { SearchDetails } from "../../../lib/screening/schemas.ts";
import { EMPTY_DETAILS } from "./details/details-values";
import { SearchForm, type SearchFormValues } from "./search-form";
import { FailedView, LoadErrorView, SearchingView } from "./status-views";
import { newSearchRequestAtom } from "./new-search-atom";
import { isFinished, SEARCH_POLL_MS, type SearchDetail } from "./types";
import { SEARCH_LIST_QUERY_KEY, searchQueryKey, useCreateSearch, useSearchDetail } from "./use-searches";

/**
 * / (spec part 1 sections 2 and 4). With ?view={searchId} it shows that stored search at once, read once and
 * never polled; otherwise the form, then the searching view while the server is asked to answer when the new
 * search ends (polling every 2 s if that fails), then the results or the failed view.
 */
export function SearchPage() {
  const { view } = useSearch({ strict: false }) as { view?: string };
  const newSearchRequest = useAtomValue(newSearchRequestAtom);
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      {view ? <HistoricalSearch key={view} id={view} /> : <NewSearch key={newSearchRequest} />}
    </div>
  );
}

const EMPTY_FORM: SearchFormValues = { term: "", entityType: "person", details: EMPTY_DETAILS };
const searchEnded = (search: SearchDetail | undefined) => isFinished(search?.status);

function NewSearch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateSearch();
  const [form, setForm] = useState<SearchFormValues>(EMPTY_FORM);
  const [active, setActive] = useState<{ id: string; term: string } | null>(null);
  const search = useLiveQuery<SearchDetail>({
    queryKey: searchQueryKey(active?.id ?? ""),
    url: `/api/searches/${encodeURIComponent(active?.id ?? "")}`,
    isDone: searchEnded,
    pollMs: SEARCH_POLL_MS,
    enabled: !!active,
  });
  const status = search.data?.status;

  // Once the search ends its charge is final: refresh the user (credits) and the balance, and the history list.
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!active || !isFinished(status) || refreshedFor.current === active.id) return;
    refreshedFor.current = active.id;
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: CREDIT_BALANCE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SEARCH_LIST_QUERY_KEY });
  }, [active, status, queryClient]);

  function start(details: SearchDetails | undefined) {
    const searchTerm = form.term.trim();
    create.mutate(
      { searchTerm, entityType: form.entityType, ...(details ? { details } : {}) },
      { onSuccess: ({ id }) => setActive({ id, term: searchTerm }) },
    );
  }

  function startOver() {
    setActive(null);
    setForm(EMPTY_FORM);
    create.reset();
    void navigate({ to: "/", search: {} });
  }

  if (!active) return <SearchForm values={form} onChange={setForm} onSubmit={start} pending={create.isPending} />;
  if (search.isError) return <LoadErrorView />;
  if (!search.data || !isFinished(status)) return <SearchingView term={active.term} status={status} />;
  if (status === "failed") return <FailedView search={search.data} onNewSearch={startOver} />;
  return <ResultsView search={search.data} onNewSearch={startOver} />;
}

function HistoricalSearch({ id }: { id: string }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const search = useSearchDetail(id, { poll: false, asAdmin: user?.role === "admin" });
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
