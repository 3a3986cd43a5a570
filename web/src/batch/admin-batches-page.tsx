import { useFormatters } from "@duecheck/react/views/format";
import { Input } from "@duecheck/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { SearchIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminBatchView } from "../../../lib/batch/schemas.ts";
import { AdminOnly } from "../admin/admin-only";
import { PagedListState } from "../admin/list-state";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { usePagedList } from "../lib/use-paged-list";
import { PageHeader } from "../shell/page-header";
import { BatchStatusBadge } from "./batch-status-badge";

const PAGE_SIZE = 50;

/** ?q= of /admin/batches: part of a batch's name or of its owner's email (kept across a reload). */
export function validateAdminListSearch(search: Record<string, unknown>): { q?: string } {
  return typeof search.q === "string" && search.q.trim() ? { q: search.q.trim() } : {};
}

/** /admin/batches: every user's batches with their owners, newest first, each opening its read-only view. */
export function AdminBatchesPage() {
  return (
    <AdminOnly>
      <AdminBatches />
    </AdminOnly>
  );
}

/** The list's text filter, written to the address once typing pauses. */
export function useAddressFilter(to: "/admin/batches" | "/admin/monitoring") {
  const navigate = useNavigate();
  const { q = "" } = useSearch({ strict: false }) as { q?: string };
  const [draft, setDraft] = useState(q);
  const typed = useDebouncedValue(draft);
  useEffect(() => {
    if (typed.trim() !== q) void navigate({ to, search: (prev: Record<string, unknown>) => ({ ...prev, q: typed.trim() || undefined }), replace: true });
  }, [typed, q, navigate, to]);
  return { q, draft, setDraft };
}

function AdminBatches() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { q, draft, setDraft } = useAddressFilter("/admin/batches");
  const list = usePagedList<AdminBatchView>("/api/admin/batch-jobs", ["/api/admin", "batch-jobs"], { q: q || undefined, limit: PAGE_SIZE });
  const filterId = useId();
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("adminRecords.batches.title")} description={t("adminRecords.batches.description")} />
      <div className="relative max-w-md">
        <label htmlFor={filterId} className="sr-only">
          {t("adminRecords.batches.filterLabel")}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={filterId}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t("adminRecords.batches.filterPlaceholder")}
          className="pl-8"
        />
      </div>
      <section className="grid gap-3" aria-label={t("adminRecords.batches.title")}>
        {list.total !== undefined && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="admin-batches-count">
            {t("batch.historyCount", { count: list.total, n: number(list.total) })}
          </p>
        )}
        <PagedListState list={{ ...list, hasNextPage: !!list.hasNextPage }} empty={t("adminRecords.batches.empty")}>
          <AdminBatchesTable batches={list.items ?? []} />
        </PagedListState>
      </section>
    </div>
  );
}

function AdminBatchesTable({ batches }: { batches: AdminBatchView[] }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  return (
    <Table data-testid="admin-batches">
      <caption className="sr-only">{t("adminRecords.batches.title")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("adminRecords.column.name")}</TableHead>
          <TableHead scope="col">{t("adminRecords.column.owner")}</TableHead>
          <TableHead scope="col">{t("batch.column.status")}</TableHead>
          <TableHead scope="col" className="text-right">
            {t("batch.total")}
          </TableHead>
          <TableHead scope="col">{t("batch.createdAt")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {batches.map((batch) => (
          <TableRow key={batch.id} data-testid="admin-batch-row">
            <TableCell className="min-w-40 font-medium wrap-anywhere">
              <Link to="/admin/batches/$batchId" params={{ batchId: batch.id }} className="underline-offset-4 hover:underline focus-visible:underline">
                {batch.name}
              </Link>
            </TableCell>
            <TableCell className="wrap-anywhere">{batch.userEmail}</TableCell>
            <TableCell>
              <BatchStatusBadge status={batch.status} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{number(batch.totalEntities)}</TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={batch.createdAt}>{dateTime(batch.createdAt)}</time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
