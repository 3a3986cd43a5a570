import { SearchIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Spinner } from "../components/ui/spinner";
import { type DetailsErrors, EMPTY_DETAILS, readDetails } from "../search/details/details-values";
import { SearchDetailsSection } from "../search/details/search-details-section";
import { NoSanctionsData, SanctionsDataNotice, SearchedLists } from "./list-states";
import { SearchResultItem } from "./search-result-item";
import { useDatasets, useSanctionsSearch } from "./use-sanctions";

/**
 * Search tab: a name or company looked up across every sanctions-type dataset, with what else is known of the subject
 * (More details: birth date, nationality, identifiers) weighed as in a search.
 */
export function SearchTab() {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const [details, setDetails] = useState(EMPTY_DETAILS);
  const [detailErrors, setDetailErrors] = useState<DetailsErrors>({});
  const search = useSanctionsSearch();
  const datasets = useDatasets();
  const inputId = useId();
  const hintId = useId();
  const resultsId = useId();

  const trimmed = term.trim();
  // Entries below the match threshold are still listed (found is false then): the closest candidates help a review.
  const results = search.data?.results ?? [];
  const datasetNames = new Map((datasets.data ?? []).map((d) => [d.id, d.source_name]));

  function submit(event: FormEvent) {
    event.preventDefault();
    // The trimmed term must not be empty (spec part 1 section 5): nothing is sent.
    if (!trimmed || search.isPending) return;
    const checked = readDetails(details);
    setDetailErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) return;
    search.mutate({ term: trimmed, details: checked.details });
  }

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("sanctions.searchTitle")}</CardTitle>
          <CardDescription>{t("sanctions.searchDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!search.data && <SanctionsDataNotice />}
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
        {search.data?.error ? (
          <NoSanctionsData lists={search.data.lists} fallback={t("sanctions.lists.title.none")} />
        ) : (
          search.data && (
            <>
              <h3 id={resultsId} className="text-sm font-medium text-muted-foreground">
                {search.data.found || results.length === 0
                  ? t("sanctions.resultCount", { count: results.length, term: search.variables?.term })
                  : t("sanctions.closestEntries", { term: search.variables?.term })}
              </h3>
              {search.data.lists && <SearchedLists lists={search.data.lists} />}
            </>
          )
        )}
        {results.length > 0 && (
          <ul className="grid gap-3" data-testid="sanctions-results">
            {results.map((result) => (
              <SearchResultItem key={result.id} result={result} datasetNames={datasetNames} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
