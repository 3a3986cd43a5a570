import { useFormatters } from "@duecheck/react/views/format";
import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { RiskLevel } from "../../../lib/screening/results.ts";
import { BatchStatusBadge } from "./batch-status-badge";
import { RowDetails } from "./row-details";
import type { BatchResultRow } from "./types";

/**
 * One row per entity: term (opening its search) with the customer's reference and the details it was screened with
 * under it, type, status, risk, review status beside it, sanctions matches and media count.
 */
export function BatchResultsTable({ rows, caption }: { rows: BatchResultRow[]; caption: string }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (
    <Table data-testid="batch-results">
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("batch.column.term")}</TableHead>
          <TableHead scope="col">{t("batch.column.type")}</TableHead>
          <TableHead scope="col">{t("batch.column.status")}</TableHead>
          <TableHead scope="col">{t("batch.column.risk")}</TableHead>
          <TableHead scope="col">{t("batch.column.review")}</TableHead>
          <TableHead scope="col" className="text-right">
            {t("batch.column.sanctionsMatches")}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {t("batch.column.media")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.searchId} data-testid="batch-result-row">
            <TableCell className="min-w-40 font-medium wrap-anywhere">
              <Link to="/searches/$searchId" params={{ searchId: row.searchId }} className="underline-offset-4 hover:underline focus-visible:underline">
                {row.searchTerm}
              </Link>
              <RowDetails row={row} />
            </TableCell>
            <TableCell>{row.entityType === "company" ? t("search.company") : t("search.person")}</TableCell>
            <TableCell>
              <BatchStatusBadge status={row.status} />
            </TableCell>
            <TableCell>
              <RiskBadge level={row.riskLevel as RiskLevel | null} failed={row.status === "failed"} />
            </TableCell>
            <TableCell data-testid="batch-result-review">
              {row.reviewStatus ? (
                <div className="grid justify-items-start gap-1">
                  <ReviewStatusBadge status={row.reviewStatus} />
                  {row.openHits > 0 && <span className="text-xs text-muted-foreground">{t("batch.openHits", { count: row.openHits })}</span>}
                </div>
              ) : (
                "—"
              )}
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="batch-result-matches">
              {number(row.sanctionsMatches)}
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="batch-result-media">
              {row.mediaCount === null ? <span className="text-muted-foreground">{t("search.notChecked")}</span> : number(row.mediaCount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
