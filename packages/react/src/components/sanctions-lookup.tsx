import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Spinner } from "@duecheck/ui/spinner";
import { useMutation } from "@tanstack/react-query";
import { SearchIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListSearchAnswer, ListSearchQuery } from "../api/types.ts";
import { useDuecheck } from "../context.ts";
import { ShadowScope } from "../scope/shadow-scope.tsx";
import { NoSanctionsData, SearchedLists } from "../views/sanctions/list-states.tsx";
import { SearchResultItem } from "../views/sanctions/search-result-item.tsx";
import { type DetailsErrors, EMPTY_DETAILS, readDetails } from "../views/search/details/details-values.ts";
import { SearchDetailsSection } from "../views/search/details/search-details-section.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { useProblemText } from "./use-screening.ts";

export interface SanctionsLookupProps {
  onError?: (error: unknown) => void;
}

/** The list search (free of charge): a name looked up in the sanctions or PEP lists, with More details, each result explained. */
export function SanctionsLookup(props: SanctionsLookupProps) {
  return (
    <ShadowScope name="sanctions-lookup">
      <SanctionsLookupBody {...props} />
    </ShadowScope>
  );
}

export interface SanctionsLookupBodyProps extends SanctionsLookupProps {
  /** Above the form until the first answer (the app's notice of lists without data). */
  notice?: ReactNode;
  /** Names of the datasets by id (the app knows every dataset's); else those of the lists searched. */
  datasetNames?: Map<string, string>;
  /** Whether the reader picks sanctions or PEP lists (default true; the app's tab searches the sanctions lists). */
  chooseLists?: boolean;
  /** Every answer (the app toasts when nothing was found). */
  onAnswer?: (answer: ListSearchAnswer) => void;
  /** A failed call: when given, the caller words it (the app's toast) and no alert is shown. */
  onSearchError?: (error: unknown) => void;
}

/** The list search without its own shadow root: the app's Sanctions Search tab renders this with its session's transport. */
export function SanctionsLookupBody({ onError, notice, datasetNames, chooseLists = true, onAnswer, onSearchError }: SanctionsLookupBodyProps) {
  const { t } = useTranslation();
  const { transport } = useDuecheck();
  const problem = useProblemText();
  const [term, setTerm] = useState("");
  const [dataset, setDataset] = useState<NonNullable<ListSearchQuery["dataset"]>>("sanctions");
  const [details, setDetails] = useState(EMPTY_DETAILS);
  const [detailErrors, setDetailErrors] = useState<DetailsErrors>({});
  const search = useMutation<ListSearchAnswer, Error, ListSearchQuery>({
    mutationFn: (query) => transport.searchLists(query),
    onSuccess: (answer) => onAnswer?.(answer),
    onError: (error) => {
      onSearchError?.(error);
      onError?.(error);
    },
  });
  const inputId = useId();
  const hintId = useId();
  const kindId = useId();
  const resultsId = useId();
  const trimmed = term.trim();
  // Entries below the match threshold are still listed (found is false then): the closest candidates help a review.
  const results = search.data?.results ?? [];
  const names = datasetNames ?? new Map((search.data?.lists ?? []).map((list) => [list.id, list.source_name]));

  function submit(event: FormEvent) {
    event.preventDefault();
    // The trimmed term must not be empty: nothing is sent.
    if (!trimmed || search.isPending) return;
    const checked = readDetails(details);
    setDetailErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    search.mutate({ term: trimmed, dataset, ...(checked.details ? { details: checked.details } : {}) });
  }

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("sanctions.searchTitle")}</CardTitle>
          <CardDescription>{t("sanctions.searchDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!search.data && notice}
          {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for the hosts the package supports; a form with role=search is the established equivalent */}
          <form role="search" onSubmit={submit} className="grid gap-2">
            <Label htmlFor={inputId}>{t("sanctions.searchLabel")}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                value={term}
                onChange={(event) => setTerm(event.target.value)}
                placeholder={t("sanctions.searchPlaceholder")}
                aria-describedby={hintId}
                autoComplete="off"
                maxLength={200}
              />
              {chooseLists && (
                <>
                  <span id={kindId} className="sr-only">
                    {t("dc.listKind")}
                  </span>
                  <select
                    aria-labelledby={kindId}
                    value={dataset}
                    onChange={(event) => setDataset(event.target.value as typeof dataset)}
                    className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <option value="sanctions">{t("dc.listSanctions")}</option>
                    <option value="peps">{t("dc.listPeps")}</option>
                  </select>
                </>
              )}
              <Button type="submit" disabled={!trimmed || search.isPending} className="sm:w-32">
                {search.isPending ? <Spinner /> : <SearchIcon aria-hidden />}
                {search.isPending ? t("sanctions.searching") : t("sanctions.searchButton")}
              </Button>
            </div>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t("sanctions.searchHint")}
            </p>
            <SearchDetailsSection values={details} onChange={setDetails} errors={detailErrors} />
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby={search.data && !search.data.error ? resultsId : undefined} aria-live="polite" className="grid gap-3">
        {search.error && !onSearchError && <ProblemAlert text={problem(search.error, "dc.lookupFailed")} />}
        {search.data?.error ? (
          <NoSanctionsData lists={search.data.lists} fallback={t("sanctions.lists.title.none")} />
        ) : (
          search.data && (
            <>
              <h3 id={resultsId} className="text-sm font-medium text-muted-foreground">
                {/* Partial matches and close entries under the threshold are results: never "no match" above them. */}
                {search.data.found || results.length === 0
                  ? t("sanctions.resultCount", { count: results.length, term: search.variables?.term })
                  : t("sanctions.partialMatches", { count: results.length, term: search.variables?.term })}
              </h3>
              {search.data.lists && <SearchedLists lists={search.data.lists} />}
            </>
          )
        )}
        {results.length > 0 && (
          <ul className="grid gap-3" data-testid="sanctions-results">
            {results.map((result) => (
              <SearchResultItem key={result.id} result={result} datasetNames={names} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
