import { useFormatters } from "@duecheck/react/views/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUserView } from "../../../lib/admin/schemas.ts";
import { AdminLinkDialog } from "../accounts/admin-link-dialog";
import { CreateUserDialog } from "../accounts/create-user-dialog";
import { ResetTwoFactorDialog } from "../accounts/reset-two-factor-dialog";
import { useResetLink } from "../accounts/use-admin-accounts";
import { useCurrentUser } from "../auth/use-current-user";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { PageHeader } from "../shell/page-header";
import { AddCreditsDialog } from "./add-credits-dialog";
import { AdminOnly, isForbidden, NotAllowed } from "./admin-only";
import { EditUserDialog } from "./edit-user-dialog";
import { ListFilter } from "./list-filter";
import { PagedListState } from "./list-state";
import { useAdminUsers } from "./use-admin-users";
import { UsersTable } from "./users-table";

/** /admin/users: the search box, the users table, the edit and add-credits dialogs. */
export function AdminUsersPage() {
  return (
    <AdminOnly>
      <Users />
    </AdminOnly>
  );
}

function Users() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const [filter, setFilter] = useState("");
  const q = useDebouncedValue(filter);
  const list = useAdminUsers(q);
  const [editing, setEditing] = useState<AdminUserView | null>(null);
  const [crediting, setCrediting] = useState<AdminUserView | null>(null);
  const [resettingTwoFactor, setResettingTwoFactor] = useState<AdminUserView | null>(null);
  const [shownLink, setShownLink] = useState<{ email: string; link: string } | null>(null);
  const resetLink = useResetLink((user, link) => link.link && setShownLink({ email: user.email, link: link.link }));
  const { user: me } = useCurrentUser();
  if (isForbidden(list.error)) return <NotAllowed />;
  const { items, total } = list;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("admin.users.title")} description={t("admin.users.description")} />
      {me?.role === "admin" && <CreateUserDialog />}
      <ListFilter label={t("admin.users.searchLabel")} placeholder={t("admin.users.searchPlaceholder")} value={filter} onChange={setFilter} />
      <section className="grid gap-3" aria-label={t("admin.users.title")}>
        {items && total !== undefined && (
          <p className="text-sm text-muted-foreground" data-testid="users-count">
            {t("admin.users.count", { count: total, value: number(total) })}
          </p>
        )}
        <PagedListState list={{ ...list, hasNextPage: !!list.hasNextPage }} empty={t("admin.users.empty")}>
          <UsersTable
            users={items ?? []}
            onEdit={setEditing}
            onAddCredits={setCrediting}
            onResetLink={(user) => resetLink.mutate(user)}
            onResetTwoFactor={setResettingTwoFactor}
          />
        </PagedListState>
      </section>
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <AddCreditsDialog user={crediting} onClose={() => setCrediting(null)} />
      <ResetTwoFactorDialog user={resettingTwoFactor} onClose={() => setResettingTwoFactor(null)} />
      <AdminLinkDialog shown={shownLink} onClose={() => setShownLink(null)} />
    </div>
  );
}
