import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@duecheck/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { cn } from "@duecheck/ui/utils";
import { Trash2Icon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  canGrantOwner,
  changeMemberRoleSchema,
  ORGANISATION_ROLES,
  type OrganisationMemberView,
  type OrganisationRole,
} from "../../../lib/organisations/contract.ts";
import { IconAction } from "../monitoring/icon-action";
import { MemberCapDialog } from "./member-cap-dialog";
import { useChangeMemberRole } from "./use-organisation";

/**
 * Below 640 px (a phone) the table collapses: each member is a block of its own, the name on top and every other
 * column under it with its heading beside the value, so no column is cut off or squeezed over another; from 640 px
 * on it is an ordinary table (which scrolls sideways in its own frame when the sidebar leaves it too little room).
 */
const STACKED = {
  table: "max-sm:block",
  header: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:px-3 max-sm:py-3",
  cell: "max-sm:block max-sm:min-w-0 max-sm:p-0",
};

/**
 * The members, one row each: name and email, role, last sign-in, 2FA, invitation pending, the month's spending against
 * the member's cap. `callerRole` is set only for a caller who manages members (owner or admin): their rows get the role
 * select, "Set cap" and Remove, others read the list.
 */
export function MembersTable({
  members,
  callerRole,
  callerId,
  labelledBy,
  onRemove,
}: {
  members: OrganisationMemberView[];
  callerRole: OrganisationRole | null;
  callerId: string | undefined;
  labelledBy: string;
  onRemove: (member: OrganisationMemberView) => void;
}) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  const [capping, setCapping] = useState<OrganisationMemberView | null>(null);
  const changeRole = useChangeMemberRole();
  // Only an owner makes, unmakes or removes an owner (lib/organisations/contract.ts): an admin must not be able to
  // take the organisation over, so an admin sees an owner's row read-only and no "Owner" among the choices.
  const grantsOwner = callerRole !== null && canGrantOwner(callerRole);
  const roles = ORGANISATION_ROLES.filter((role) => role !== "owner" || grantsOwner);
  const manages = (member: OrganisationMemberView) => callerRole !== null && (member.role !== "owner" || grantsOwner);

  return (
    <>
      <Table data-testid="organisation-members" aria-labelledby={labelledBy} className={STACKED.table}>
        <TableHeader className={STACKED.header}>
          <TableRow>
            <TableHead scope="col">{t("organisation.column.member")}</TableHead>
            <TableHead scope="col">{t("organisation.column.role")}</TableHead>
            <TableHead scope="col">{t("organisation.column.lastLogin")}</TableHead>
            <TableHead scope="col">{t("organisation.column.twoFactor")}</TableHead>
            <TableHead scope="col">{t("organisation.column.status")}</TableHead>
            <TableHead scope="col">{t("organisation.column.cap")}</TableHead>
            {callerRole !== null && (
              <TableHead scope="col" className="px-2 text-right">
                <span className="sr-only">{t("organisation.column.actions")}</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody className={STACKED.body}>
          {members.map((member) => (
            <TableRow key={member.id} className={STACKED.row} data-testid="member-row" data-email={member.email}>
              <TableCell className={cn(STACKED.cell, "max-sm:col-span-2")}>
                <div className="flex flex-wrap items-center gap-x-2 font-medium wrap-anywhere">
                  {member.fullName}
                  {member.id === callerId && <Badge variant="outline">{t("organisation.you")}</Badge>}
                </div>
                <div className="text-xs text-muted-foreground wrap-anywhere">{member.email}</div>
              </TableCell>
              <StackedCell label={t("organisation.column.role")} testId="member-role">
                {manages(member) ? (
                  <Select
                    value={member.role}
                    disabled={changeRole.isPending}
                    onValueChange={(role) => changeRole.mutate({ member, body: changeMemberRoleSchema.parse({ role }) })}
                  >
                    <SelectTrigger className="w-full sm:w-36" aria-label={t("organisation.roleLabel", { name: member.fullName })}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {roles.map((role) => (
                        <SelectItem key={role} value={role}>
                          {t(`organisation.role.${role}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                ) : (
                  <Badge variant={member.role === "owner" || member.role === "admin" ? "default" : "secondary"}>{t(`organisation.role.${member.role}`)}</Badge>
                )}
              </StackedCell>
              <StackedCell label={t("organisation.column.lastLogin")} testId="member-last-login" className="sm:whitespace-nowrap">
                {member.lastLoginAt ? <time dateTime={member.lastLoginAt}>{dateTime(member.lastLoginAt)}</time> : t("organisation.never")}
              </StackedCell>
              <StackedCell label={t("organisation.column.twoFactor")} testId="member-2fa">
                <Badge variant={member.twoFactorEnabled ? "success" : "outline"}>
                  {member.twoFactorEnabled ? t("organisation.twoFactorOn") : t("organisation.twoFactorOff")}
                </Badge>
              </StackedCell>
              <StackedCell label={t("organisation.column.status")} testId="member-status">
                <Badge variant={member.invitationPending ? "warning" : "outline"}>
                  {member.invitationPending ? t("organisation.status.pending") : t("organisation.status.active")}
                </Badge>
              </StackedCell>
              <StackedCell label={t("organisation.column.cap")} testId="member-cap">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="sm:whitespace-nowrap" data-testid="member-cap-value">
                    {member.monthlyCreditCap === null
                      ? t("organisation.cap.spentNoCap", { spent: number(member.spentThisMonth), count: member.spentThisMonth })
                      : t("organisation.cap.spentOfCap", {
                          spent: number(member.spentThisMonth),
                          cap: number(member.monthlyCreditCap),
                          count: member.monthlyCreditCap,
                        })}
                  </span>
                  {/* As the role: an admin leaves an owner's row as it is. */}
                  {manages(member) && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      aria-label={t("organisation.cap.openLabel", { name: member.fullName })}
                      onClick={() => setCapping(member)}
                    >
                      {t("organisation.cap.open")}
                    </Button>
                  )}
                </div>
              </StackedCell>
              {callerRole !== null && (
                <TableCell className={cn(STACKED.cell, "px-2 text-right max-sm:col-span-2")}>
                  {/* Not on the caller's own row: a removed member can no longer sign in, so removing oneself would lock one out. */}
                  {manages(member) && member.id !== callerId && (
                    <div className="flex justify-end">
                      <IconAction
                        label={t("organisation.removeLabel", { name: member.fullName })}
                        tooltip={t("organisation.remove")}
                        className="hover:text-destructive"
                        onClick={() => onRemove(member)}
                      >
                        <Trash2Icon aria-hidden />
                      </IconAction>
                    </div>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <MemberCapDialog member={capping} onClose={() => setCapping(null)} />
    </>
  );
}

/**
 * A cell that, stacked on a phone, shows its column's heading above the value (the table's own headings are then
 * only for screen readers, which already name the cell by them: the visible copy is hidden from them).
 */
function StackedCell({ label, testId, className, children }: { label: string; testId: string; className?: string; children: React.ReactNode }) {
  return (
    <TableCell className={cn(STACKED.cell, className)}>
      <span className="mb-1 block text-xs text-muted-foreground sm:hidden" aria-hidden data-testid="stacked-label">
        {label}
      </span>
      <div data-testid={testId}>{children}</div>
    </TableCell>
  );
}
