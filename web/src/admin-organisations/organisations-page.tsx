import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { AdminOrganisationView } from "../../../lib/organisations/admin-contract.ts";
import { AdminListPage } from "../admin/admin-list-page";
import { AdminOnly } from "../admin/admin-only";
import { answer, api, withSignal } from "../lib/api";
import { ORGANISATIONS_QUERY_KEY } from "./use-admin-organisations";

/** /admin/organisations: every organisation (?q= on the name), each opening its members and the admin's actions. */
export function AdminOrganisationsPage() {
  return (
    <AdminOnly adminsOnly>
      <Organisations />
    </AdminOnly>
  );
}

function Organisations() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  return (
    <AdminListPage
      path="/admin/organisations"
      fetchPage={(query, signal) => answer(api.admin.organisations.$get({ query }, withSignal(signal)))}
      queryKey={ORGANISATIONS_QUERY_KEY}
      title={t("adminOrganisations.title")}
      description={t("adminOrganisations.description")}
      filterLabel={t("adminOrganisations.filterLabel")}
      filterPlaceholder={t("adminOrganisations.filterPlaceholder")}
      countText={(total) => t("adminOrganisations.count", { count: total, n: number(total) })}
      countTestId="admin-organisations-count"
      empty={t("adminOrganisations.empty")}
    >
      {(organisations) => <OrganisationsTable organisations={organisations} />}
    </AdminListPage>
  );
}

/** Below 640 px each organisation is a block (name on top, the figures under it with their headings), as members are. */
const STACKED = {
  table: "max-sm:block",
  header: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-3 max-sm:py-3",
  cell: "max-sm:block max-sm:min-w-0 max-sm:p-0",
};

/** A figure's cell; on a phone its heading is drawn before the value from data-label (CSS only: the text stays the value). */
function Cell({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <TableCell
      data-label={label}
      className={`${STACKED.cell} max-sm:before:mr-1 max-sm:before:text-xs max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)] ${className ?? ""}`}
    >
      {children}
    </TableCell>
  );
}

function OrganisationsTable({ organisations }: { organisations: AdminOrganisationView[] }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const c = {
    members: t("adminOrganisations.column.members"),
    balance: t("adminOrganisations.column.balance"),
    screenings: t("adminOrganisations.column.screenings"),
    status: t("adminOrganisations.column.status"),
  };
  return (
    <Table data-testid="admin-organisations" className={STACKED.table}>
      <caption className="sr-only">{t("adminOrganisations.title")}</caption>
      <TableHeader className={STACKED.header}>
        <TableRow>
          <TableHead scope="col">{t("adminOrganisations.column.name")}</TableHead>
          <TableHead scope="col" className="text-right">
            {c.members}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {c.balance}
          </TableHead>
          <TableHead scope="col" className="text-right">
            {c.screenings}
          </TableHead>
          <TableHead scope="col">{c.status}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className={STACKED.body}>
        {organisations.map((organisation) => (
          <TableRow key={organisation.id} className={STACKED.row} data-testid="admin-organisation-row" data-name={organisation.name}>
            <TableCell className={`${STACKED.cell} min-w-40 font-medium wrap-anywhere max-sm:col-span-2`}>
              <Link
                to="/admin/organisations/$organisationId"
                params={{ organisationId: organisation.id }}
                aria-label={t("adminOrganisations.open", { name: organisation.name })}
                className="underline-offset-4 hover:underline focus-visible:underline"
              >
                {organisation.name}
              </Link>
            </TableCell>
            <Cell label={c.members} className="tabular-nums sm:text-right">
              {number(organisation.members)}
            </Cell>
            <Cell label={c.balance} className="tabular-nums sm:text-right">
              <span data-testid="organisation-balance">{number(organisation.credits)}</span>
            </Cell>
            <Cell label={c.screenings} className="tabular-nums sm:text-right">
              {number(organisation.screeningsThisMonth)}
            </Cell>
            <Cell label={c.status}>
              <SuspensionBadge suspendedAt={organisation.suspendedAt} />
            </Cell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SuspensionBadge({ suspendedAt }: { suspendedAt: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge variant={suspendedAt ? "destructive" : "outline"} data-testid="organisation-status">
      {suspendedAt ? t("adminOrganisations.suspended") : t("adminOrganisations.active")}
    </Badge>
  );
}
