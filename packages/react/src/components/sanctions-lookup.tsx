import { useMutation } from "@tanstack/react-query";
import { SearchIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../web/src/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../../web/src/components/ui/card.tsx";
import { Input } from "../../../../web/src/components/ui/input.tsx";
import { Label } from "../../../../web/src/components/ui/label.tsx";
import { Spinner } from "../../../../web/src/components/ui/spinner.tsx";
import { NoSanctionsData, SearchedLists } from "../../../../web/src/sanctions/list-states.tsx";
import { SearchResultItem } from "../../../../web/src/sanctions/search-result-item.tsx";
import type { ListSearchAnswer, ListSearchQuery } from "../api/types.ts";
import { useDuecheck } from "../context.ts";
import { ShadowScope } from "../scope/shadow-scope.tsx";
import { ProblemAlert } from "./problem-alert.tsx";
import { useProblemText } from "./use-screening.ts";

export interface SanctionsLookupProps {
  onError?: (error: unknown) => void;
}

/** The list search (free of charge): a name looked up in the sanctions or PEP lists, each result explained. */
export function SanctionsLookup(props: SanctionsLookupProps) {
  return (
    <ShadowScope name="sanctions-lookup">
      <SanctionsLookupBody {...props} />
    </ShadowScope>
  );
}

function SanctionsLookupBody({ onError }: SanctionsLookupProps) {
  const { t } = useTranslation();
  const { transport } = useDuecheck();
  const problem = useProblemText();
  const [term, setTerm] = useState("");
  const [dataset, setDataset] = useState<NonNullable<ListSearchQuery["dataset"]>>("sanctions");
  const search = useMutation<ListSearchAnswer, Error, ListSearchQuery>({ mutationFn: (query) => transport.searchLists(query), onError });
  const inputId = useId();
  const kindId = useId();
  const resultsId = useId();
  const trimmed = term.trim();
  const results = search.data?.results ?? [];
  const datasetNames = new Map((search.data?.lists ?? []).map((list) => [list.id, list.source_name]));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || search.isPending) return;
    search.mutate({ term: trimmed, dataset });
  }

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("dc.lookupTitle")}</CardTitle>
          <CardDescription>{t("sanctions.searchDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form role="search" onSubmit={submit} className="grid gap-3">
            <Label htmlFor={inputId}>{t("sanctions.searchLabel")}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id={inputId} value={term} onChange={(e) => setTerm(e.target.value)} placeholder={t("sanctions.searchPlaceholder")} autoComplete="off" maxLength={200} />
              <select
                aria-labelledby={kindId}
                value={dataset}
                onChange={(e) => setDataset(e.target.value as typeof dataset)}
                className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <option value="sanctions">{t("dc.listSanctions")}</option>
                <option value="peps">{t("dc.listPeps")}</option>
              </select>
              <span id={kindId} className="sr-only">
                {t("dc.listKind")}
              </span>
              <Button type="submit" disabled={!trimmed || search.isPending} className="sm:w-32">
                {search.isPending ? <Spinner /> : <SearchIcon aria-hidden />}
                {search.isPending ? t("sanctions.searching") : t("sanctions.searchButton")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby={search.data && !search.data.error ? resultsId : undefined} aria-live="polite" className="grid gap-3">
        {search.error && <ProblemAlert text={problem(search.error, "dc.lookupFailed")} />}
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
              <SearchedLists lists={search.data.lists} />
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
