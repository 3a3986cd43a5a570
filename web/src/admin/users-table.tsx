import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { CoinsIcon, KeyRoundIcon, PencilIcon, ShieldOffIcon, UserCheckIcon, UserXIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AdminUserView } from "../../../lib/admin/schemas.ts";
import { hasUnlimitedCredits } from "../../../lib/credits/contract.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { IconAction } from "../monitoring/icon-action";
import { useToggleUser } from "./use-admin-users";

/** One row per account; columns User, Company/Position, Role, Credits, Status, Last Login, actions. */
export function UsersTable({
  users,
  onEdit,
  onAddCredits,
  onResetLink,
  onResetTwoFactor,
}: {
  users: AdminUserView[];
  onEdit: (user: AdminUserView) => void;
  onAddCredits: (user: AdminUserView) => void;
  onResetLink: (user: AdminUserView) => void;
  onResetTwoFactor: (user: AdminUserView) => void;
}) {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const toggle = useToggleUser();
  const { user: me } = useCurrentUser();
  // An auditor reads the list: editing, crediting and (de)activating are the admins'.
  const readOnly = me?.role !== "admin";
  return (
    <Table data-testid="admin-users-table">
      <caption className="sr-only">{t("admin.users.title")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("admin.users.column.user")}</TableHead>
          <TableHead scope="col">{t("admin.users.column.company")}</TableHead>
          <TableHead scope="col">{t("admin.users.column.role")}</TableHead>
          <TableHead scope="col" className="text-right">
            {t("admin.users.column.credits")}
          </TableHead>
          <TableHead scope="col">{t("admin.users.column.status")}</TableHead>
          <TableHead scope="col">{t("accounts.admin.column2fa")}</TableHead>
          <TableHead scope="col">{t("admin.users.column.lastLogin")}</TableHead>
          <TableHead scope="col" className="px-2 text-right">
            {t("admin.users.column.actions")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} data-testid="admin-user-row" data-email={user.email}>
            <TableCell>
              <div className="font-medium">{user.fullName}</div>
              <div className="text-xs text-muted-foreground">{user.email}</div>
            </TableCell>
            <TableCell>
              <div>{user.company ?? "—"}</div>
              <div className="text-xs text-muted-foreground">{user.position ?? ""}</div>
            </TableCell>
            <TableCell>
              <Badge variant={user.role === "admin" ? "default" : "secondary"} data-testid="user-role">
                {t(`admin.users.role.${user.role}`)}
              </Badge>
            </TableCell>
            <TableCell className="text-right tabular-nums" data-testid="user-credits">
              {hasUnlimitedCredits(user) ? t("credits.unlimited") : number(user.credits)}
            </TableCell>
            <TableCell>
              <Badge variant={user.isActive ? "success" : "outline"} data-testid="user-status">
                {user.isActive ? t("admin.users.active") : t("admin.users.inactive")}
              </Badge>
            </TableCell>
            <TableCell data-testid="user-2fa">
              <Badge variant={user.twoFactorEnabled ? "success" : "outline"}>
                {user.twoFactorEnabled ? t("accounts.admin.twoFactorOn") : t("accounts.admin.twoFactorOff")}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap" data-testid="user-last-login">
              {user.lastLogin ? <time dateTime={user.lastLogin}>{dateTime(user.lastLogin)}</time> : t("admin.users.never")}
            </TableCell>
            <TableCell className="px-2 text-right">
              <div className="flex items-center justify-end gap-0.5" hidden={readOnly}>
                <IconAction label={t("admin.users.editLabel", { email: user.email })} tooltip={t("admin.users.edit")} onClick={() => onEdit(user)}>
                  <PencilIcon aria-hidden />
                </IconAction>
                <IconAction
                  label={t("admin.users.addCreditsLabel", { email: user.email })}
                  tooltip={t("admin.users.addCredits")}
                  onClick={() => onAddCredits(user)}
                >
                  <CoinsIcon aria-hidden />
                </IconAction>
                <IconAction
                  label={t("accounts.admin.resetLinkLabel", { email: user.email })}
                  tooltip={t("accounts.admin.resetLink")}
                  onClick={() => onResetLink(user)}
                >
                  <KeyRoundIcon aria-hidden />
                </IconAction>
                {user.twoFactorEnabled && (
                  <IconAction
                    label={t("accounts.admin.reset2faLabel", { email: user.email })}
                    tooltip={t("accounts.admin.reset2fa")}
                    className="hover:text-destructive"
                    onClick={() => onResetTwoFactor(user)}
                  >
                    <ShieldOffIcon aria-hidden />
                  </IconAction>
                )}
                <IconAction
                  label={t(user.isActive ? "admin.users.deactivateLabel" : "admin.users.activateLabel", { email: user.email })}
                  tooltip={t(user.isActive ? "admin.users.deactivate" : "admin.users.activate")}
                  disabled={toggle.isPending}
                  className={user.isActive ? "hover:text-destructive" : undefined}
                  onClick={() => toggle.mutate(user)}
                >
                  {user.isActive ? <UserXIcon aria-hidden /> : <UserCheckIcon aria-hidden />}
                </IconAction>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
