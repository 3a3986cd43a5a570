import { useFormatters } from "@duecheck/react/views/format";
import { Label } from "@duecheck/ui/label";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CASE_PRIORITIES, CASE_STATUSES } from "../../../lib/cases/contract.ts";
import { REVIEW_SOURCES } from "../../../lib/review/contract.ts";
import { LoadMore } from "../components/load-more";
import { PageHeader } from "../shell/page-header";
import { CaseList } from "./case-list";
import { useCaseList } from "./case-queries";
import { CASE_VIEWS, type CaseListSearch, type CaseView, DEFAULT_VIEW } from "./case-search";
import { CaseTagAgeFilters } from "./case-tag-filters";
import { CollapsibleFilters } from "./collapsible-filters";
import { NewCaseButton } from "./new-case-dialog";

/**
 * /cases: the organisation's cases, newest first (Overdue: the earliest due date first, as the list answers), in one of the views (Needs decision, Mine, Unassigned, Team, Overdue,
 * Escalated) and filtered by status, priority and source; the view and the filters are in the address, so a reload
 * keeps them.
 */
export function CasesPage() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as CaseListSearch;
  const list = useCaseList(search);
  const setFilters = (next: CaseListSearch) => void navigate({ to: ".", search: next as never, replace: true });

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("cases.title")} description={t("cases.description")}>
        <NewCaseButton />
      </PageHeader>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ViewTabs search={search} />
        {/* The review's other list: the false positives remembered for a subject, and their revocation. */}
        <Link to="/reviews/clearances" className="text-sm text-primary hover:underline">
          {t("reviews.clearances.tab")}
        </Link>
      </div>
      <CollapsibleFilters search={search}>
        <CaseFilters value={search} onChange={setFilters} />
        <CaseTagAgeFilters value={search} onChange={setFilters} />
      </CollapsibleFilters>
      <section aria-label={t("cases.list.label")} className="grid gap-3">
        {list.total !== undefined && (
          <p className="text-sm text-muted-foreground" data-testid="case-total" aria-live="polite">
            {t("cases.list.total", { count: list.total, formatted: number(list.total) })}
          </p>
        )}
        {list.isPending && <Skeleton className="h-32 w-full" />}
        {list.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("cases.loadFailed")}
          </p>
        )}
        {list.items && list.items.length === 0 && <p className="text-sm text-muted-foreground">{t("cases.list.empty")}</p>}
        {list.items && list.items.length > 0 && <CaseList items={list.items} />}
        <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} loaded={list.items?.length ?? 0} onLoad={() => void list.fetchNextPage()} />
      </section>
    </div>
  );
}

/** The views as links: each one an address of its own, the current one marked. */
function ViewTabs({ search }: { search: CaseListSearch }) {
  const { t } = useTranslation();
  const current: CaseView = search.view ?? DEFAULT_VIEW;
  const tab = (active: boolean) =>
    cn(
      "inline-block rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
      active ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
    );
  return (
    <nav aria-label={t("cases.views.label")} className="w-fit max-w-full rounded-lg bg-muted p-1">
      <ul className="flex flex-wrap gap-1">
        {CASE_VIEWS.map((view) => (
          <li key={view}>
            <Link
              to="/cases"
              search={{ ...search, view: view === DEFAULT_VIEW ? undefined : (view as CaseListSearch["view"]) }}
              className={tab(current === view)}
              aria-current={current === view ? "page" : undefined}
            >
              {t(`cases.views.${view}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Status, priority and source; every change goes into the address. */
function CaseFilters({ value, onChange }: { value: CaseListSearch; onChange: (next: CaseListSearch) => void }) {
  const { t } = useTranslation();
  const set = <K extends keyof CaseListSearch>(key: K, next: string) => onChange({ ...value, [key]: next === "" ? undefined : next });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of filters named by the screen, as the review queue's
    <div role="group" aria-label={t("cases.filters.label")} className="grid gap-3 sm:grid-cols-3" data-testid="case-filters">
      <Choice label={t("cases.filters.status")} value={value.status ?? ""} onChange={(v) => set("status", v)}>
        <option value="">{t("cases.filters.any")}</option>
        {CASE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`cases.status.${status}`)}
          </option>
        ))}
      </Choice>
      <Choice label={t("cases.filters.priority")} value={value.priority ?? ""} onChange={(v) => set("priority", v)}>
        <option value="">{t("cases.filters.any")}</option>
        {CASE_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {t(`cases.priority.${priority}`)}
          </option>
        ))}
      </Choice>
      <Choice label={t("cases.filters.source")} value={value.source ?? ""} onChange={(v) => set("source", v)}>
        <option value="">{t("cases.filters.any")}</option>
        {REVIEW_SOURCES.map((source) => (
          <option key={source} value={source}>
            {t(`reviews.source.${source}`)}
          </option>
        ))}
      </Choice>
    </div>
  );
}

export const SELECT_CLASS =
  "h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30";

function Choice({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={SELECT_CLASS}>
        {children}
      </select>
    </div>
  );
}
