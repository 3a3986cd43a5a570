import { DuecheckError } from "@duecheck/react/api/errors";
import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link, useParams } from "@tanstack/react-router";
import { ArrowLeftIcon, ArrowRightLeftIcon, BuildingIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminOrganisationMember } from "../../../lib/organisations/admin-contract.ts";
import { AdminOnly, isForbidden, NotAllowed } from "../admin/admin-only";
import { MessagePage } from "../components/message-page";
import { PageHeader } from "../shell/page-header";
import { AddOrganisationCreditsDialog } from "./add-organisation-credits-dialog";
import { MoveUserDialog } from "./move-user-dialog";
import { SuspensionBadge } from "./organisations-page";
import { SuspendDialog } from "./suspend-dialog";
import { useAdminOrganisation } from "./use-admin-organisations";

/** /admin/organisations/{id}: one organisation, its members, and the instance admin's actions on it. */
export function AdminOrganisationPage() {
  return (
    <AdminOnly adminsOnly>
      <Organisation />
    </AdminOnly>
  );
}

function Organisation() {
  const { t } = useTranslation();
  const { number, date } = useFormatters();
  const { organisationId } = useParams({ strict: false }) as { organisationId: string };
  const query = useAdminOrganisation(organisationId);
  const [crediting, setCrediting] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const [moving, setMoving] = useState<AdminOrganisationMember | null>(null);
  if (isForbidden(query.error)) return <NotAllowed />;
  if (query.error instanceof DuecheckError && query.error.status === 404) {
    return (
      <MessagePage
        icon={BuildingIcon}
        title={t("adminOrganisations.notFound")}
        description={t("adminOrganisations.notFoundDescription")}
        link={{ to: "/admin/organisations", label: t("adminOrganisations.back") }}
        testId="organisation-not-found"
      />
    );
  }
  const organisation = query.data;
  const back = (
    <Link to="/admin/organisations" className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline">
      <ArrowLeftIcon className="size-4" aria-hidden />
      {t("adminOrganisations.back")}
    </Link>
  );
  if (!organisation) {
    return (
      <div className="grid w-full grid-cols-1 gap-6">
        {back}
        {query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("adminOrganisations.loadFailed")}
          </p>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </div>
    );
  }

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      {back}
      <PageHeader
        title={organisation.name}
        description={
          organisation.suspendedAt
            ? t("adminOrganisations.suspendedOn", { date: date(organisation.suspendedAt) })
            : t("adminOrganisations.createdOn", { date: date(organisation.createdAt) })
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setCrediting(true)}>{t("adminOrganisations.addCredits")}</Button>
          <Button variant={organisation.suspendedAt ? "outline" : "destructive"} onClick={() => setSuspending(true)}>
            {organisation.suspendedAt ? t("adminOrganisations.unsuspend") : t("adminOrganisations.suspend")}
          </Button>
        </div>
      </PageHeader>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="organisation-figures">
        <Figure label={t("adminOrganisations.column.members")} value={number(organisation.members)} />
        <Figure label={t("adminOrganisations.column.balance")} value={number(organisation.credits)} testId="organisation-balance" />
        <Figure label={t("adminOrganisations.column.screenings")} value={number(organisation.screeningsThisMonth)} />
        <Figure label={t("adminOrganisations.column.status")} value={<SuspensionBadge suspendedAt={organisation.suspendedAt} />} />
      </dl>
      <section className="grid gap-3" aria-labelledby="organisation-members-heading">
        <h2 id="organisation-members-heading" className="text-lg font-semibold">
          {t("adminOrganisations.membersTitle")}
        </h2>
        {organisation.memberList.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("adminOrganisations.noMembers")}</p>
        ) : (
          <MembersTable members={organisation.memberList} onMove={setMoving} />
        )}
      </section>
      <AddOrganisationCreditsDialog organisation={crediting ? organisation : null} onClose={() => setCrediting(false)} />
      <SuspendDialog organisation={suspending ? organisation : null} onClose={() => setSuspending(false)} />
      <MoveUserDialog member={moving} from={organisation} onClose={() => setMoving(null)} />
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function MembersTable({ members, onMove }: { members: AdminOrganisationMember[]; onMove: (member: AdminOrganisationMember) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Table data-testid="admin-organisation-members" aria-labelledby="organisation-members-heading" className="max-sm:block">
      <TableHeader className="max-sm:sr-only">
        <TableRow>
          <TableHead scope="col">{t("adminOrganisations.column.member")}</TableHead>
          <TableHead scope="col">{t("adminOrganisations.column.role")}</TableHead>
          <TableHead scope="col">{t("adminOrganisations.column.lastLogin")}</TableHead>
          <TableHead scope="col" className="text-right">
            <span className="sr-only">{t("adminOrganisations.column.actions")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-sm:block">
        {members.map((member) => (
          <TableRow
            key={member.id}
            className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-2 max-sm:px-3 max-sm:py-3"
            data-testid="member-row"
            data-email={member.email}
          >
            <TableCell className="max-sm:col-span-2 max-sm:block max-sm:p-0">
              <div className="font-medium wrap-anywhere">{member.fullName}</div>
              <div className="text-xs text-muted-foreground wrap-anywhere">{member.email}</div>
            </TableCell>
            <TableCell className="max-sm:block max-sm:p-0">
              <Badge variant={member.role === "owner" || member.role === "admin" ? "default" : "secondary"}>{t(`organisation.role.${member.role}`)}</Badge>
            </TableCell>
            <TableCell className="max-sm:block max-sm:p-0 sm:whitespace-nowrap">
              {member.lastLoginAt ? <time dateTime={member.lastLoginAt}>{dateTime(member.lastLoginAt)}</time> : t("adminOrganisations.never")}
            </TableCell>
            <TableCell className="text-right max-sm:col-span-2 max-sm:block max-sm:p-0">
              <Button variant="outline" size="sm" onClick={() => onMove(member)} aria-label={t("adminOrganisations.moveUserLabel", { name: member.fullName })}>
                <ArrowRightLeftIcon aria-hidden />
                {t("adminOrganisations.moveUser")}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
