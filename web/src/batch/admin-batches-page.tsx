import { useFormatters } from "@duecheck/react/views/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { AdminBatchView } from "../../../lib/batch/schemas.ts";
import { AdminListPage } from "../admin/admin-list-page";
import { AdminOnly } from "../admin/admin-only";
import { answer, api, withSignal } from "../lib/api";
import { BatchStatusBadge } from "./batch-status-badge";

/** /admin/batches: every user's batches with their owners, newest first, each opening its read-only view. */
export function AdminBatchesPage() {
  return (
    <AdminOnly>
      <AdminBatches />
    </AdminOnly>
  );
}

function AdminBatches() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (
    <AdminListPage
      path="/admin/batches"
      fetchPage={(query, signal) => answer(api.admin["batch-jobs"].$get({ query }, withSignal(signal)))}
      queryKey={["/api/admin", "batch-jobs"]}
      title={t("adminRecords.batches.title")}
      description={t("adminRecords.batches.description")}
      filterLabel={t("adminRecords.batches.filterLabel")}
      filterPlaceholder={t("adminRecords.batches.filterPlaceholder")}
      countText={(total) => t("batch.historyCount", { count: total, n: number(total) })}
      countTestId="admin-batches-count"
      empty={t("adminRecords.batches.empty")}
    >
      {(batches) => <AdminBatchesTable batches={batches} />}
    </AdminListPage>
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
