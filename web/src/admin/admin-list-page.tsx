import type { QueryKey } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type * as React from "react";
import { useEffect, useState } from "react";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { type Page, type PageQuery, usePagedList } from "../lib/use-paged-list";
import { PageHeader } from "../shell/page-header";
import { ListFilter } from "./list-filter";
import { PagedListState } from "./list-state";

const PAGE_SIZE = 50;

/** What an admin list asks for: its ?q= filter and page size, and the cursor of the page before. */
export type AdminListQuery = PageQuery<{ q: string | undefined; limit: number }>;

/** The admin lists of other users' records whose ?q= filter lives in the address. */
type AdminListPath = "/admin/batches" | "/admin/monitoring" | "/admin/organisations";

/** ?q= of an admin list: part of a record's name or of its owner's email (kept across a reload). */
export function validateAdminListSearch(search: Record<string, unknown>): { q?: string } {
  return typeof search.q === "string" && search.q.trim() ? { q: search.q.trim() } : {};
}

/** The list's text filter, written to the address once typing pauses. */
export function useAddressFilter(to: AdminListPath) {
  const navigate = useNavigate();
  const { q = "" } = useSearch({ strict: false }) as { q?: string };
  const [draft, setDraft] = useState(q);
  const typed = useDebouncedValue(draft);
  useEffect(() => {
    if (typed.trim() !== q) void navigate({ to, search: (prev: Record<string, unknown>) => ({ ...prev, q: typed.trim() || undefined }), replace: true });
  }, [typed, q, navigate, to]);
  return { q, draft, setDraft };
}

/**
 * An admin list of every user's records of one kind: the header, the ?q= filter box, the count of matches (read out
 * when it changes) and the paged table with its loading, failure, empty and Load more states. The caller names the
 * texts, gives the route's typed call (web/src/lib/api.ts), so the rows are typed by what it answers, and draws the
 * table from the loaded rows.
 */
export function AdminListPage<T>({
  path,
  fetchPage,
  queryKey,
  title,
  description,
  filterLabel,
  filterPlaceholder,
  countText,
  countTestId,
  empty,
  children,
}: {
  path: AdminListPath;
  fetchPage: (query: AdminListQuery, signal: AbortSignal) => Promise<Page<T>>;
  queryKey: QueryKey;
  title: string;
  description: string;
  filterLabel: string;
  filterPlaceholder: string;
  countText: (total: number) => string;
  countTestId: string;
  empty: string;
  children: (items: T[]) => React.ReactNode;
}) {
  const { q, draft, setDraft } = useAddressFilter(path);
  const list = usePagedList(queryKey, { q: q || undefined, limit: PAGE_SIZE }, fetchPage);
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={title} description={description} />
      <ListFilter label={filterLabel} placeholder={filterPlaceholder} value={draft} onChange={setDraft} />
      <section className="grid gap-3" aria-label={title}>
        {list.total !== undefined && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid={countTestId}>
            {countText(list.total)}
          </p>
        )}
        <PagedListState list={{ ...list, hasNextPage: !!list.hasNextPage }} empty={empty}>
          {children(list.items ?? [])}
        </PagedListState>
      </section>
    </div>
  );
}
