import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Card, CardContent } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Building2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { canManageMembers, type OrganisationMemberView, type OrganisationView } from "../../../lib/organisations/contract.ts";
import { ListFilter } from "../admin/list-filter";
import { PagedListState } from "../admin/list-state";
import { useCurrentUser } from "../auth/use-current-user";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { PageHeader } from "../shell/page-header";
import { InviteMemberDialog } from "./invite-member-dialog";
import { MembersTable } from "./members-table";
import { TeamSettings } from "./team-settings";
import { useOrganisation, useOrganisationMembers, useRemoveMember } from "./use-organisation";

/**
 * /organisation: the caller's organisation, their role in it, its team settings and its members, for every signed-in
 * user. Owners and admins also change the settings, invite, change roles and remove; the others read the same
 * screen without those controls (the server refuses them 403 anyway: the screen only leaves out what would be refused).
 */
export function OrganisationPage() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const organisation = useOrganisation();
  const { user } = useCurrentUser();
  const [filter, setFilter] = useState("");
  const q = useDebouncedValue(filter);
  const list = useOrganisationMembers(q);
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<OrganisationMemberView | null>(null);
  const membersId = useId();
  const org = organisation.data;
  const manages = !!org && canManageMembers(org.role);
  const { items, total } = list;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("organisation.title")} description={t("organisation.description")}>
        {manages && <InviteMemberDialog organisation={org} />}
      </PageHeader>

      <OrganisationSummary organisation={org} loading={organisation.isLoading} failed={organisation.isError} />

      {org && <TeamSettings organisation={org} />}

      <section className="grid gap-3" aria-labelledby={membersId}>
        <div className="grid gap-1">
          <h2 id={membersId} className="text-lg font-semibold">
            {t("organisation.members.title")}
          </h2>
          {org && !manages && (
            <p className="text-sm text-muted-foreground" data-testid="organisation-read-only">
              {t("organisation.members.readOnly")}
            </p>
          )}
        </div>
        <ListFilter
          label={t("organisation.members.searchLabel")}
          placeholder={t("organisation.members.searchPlaceholder")}
          value={filter}
          onChange={setFilter}
        />
        {items && total !== undefined && (
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="members-count">
            {t("organisation.memberCount", { count: total, value: number(total) })}
          </p>
        )}
        <PagedListState
          list={{ ...list, hasNextPage: !!list.hasNextPage }}
          empty={q.trim() ? t("organisation.members.noMatches", { filter: q.trim() }) : t("organisation.members.empty")}
        >
          <MembersTable members={items ?? []} callerRole={manages ? org.role : null} callerId={user?.id} labelledBy={membersId} onRemove={setRemoving} />
        </PagedListState>
      </section>

      <ConfirmDeleteDialog
        item={removing}
        title={t("organisation.removeTitle")}
        description={(member) => t("organisation.removeDescription", { name: member.fullName, email: member.email, organisation: org?.name ?? "" })}
        confirmLabel={t("organisation.remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={(member) => {
          setRemoving(null);
          remove.mutate(member);
        }}
      />
    </div>
  );
}

/** The organisation's name, the caller's role in it, how many members it has and since when it exists. */
function OrganisationSummary({ organisation, loading, failed }: { organisation: OrganisationView | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation();
  const { number, date } = useFormatters();
  if (loading) return <Skeleton className="h-24 w-full" />;
  if (failed || !organisation) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("organisation.loadFailed")}
      </p>
    );
  }
  return (
    <Card className="py-4" data-testid="organisation-summary">
      {/* On a phone the role goes under the name: beside it, a long name would be squeezed into a narrow column. */}
      <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted">
            <Building2Icon className="size-5 text-muted-foreground" aria-hidden />
          </div>
          <div className="grid min-w-0 gap-0.5">
            <p className="text-lg font-semibold wrap-break-word" data-testid="organisation-name">
              {organisation.name}
            </p>
            <p className="text-sm text-muted-foreground">
              {t("organisation.memberCount", { count: organisation.memberCount, value: number(organisation.memberCount) })}
              {" · "}
              {t("organisation.createdOn", { date: date(organisation.createdAt) })}
            </p>
          </div>
        </div>
        <dl className="flex shrink-0 items-center gap-2 text-sm">
          <dt className="text-muted-foreground">{t("organisation.yourRole")}</dt>
          <dd>
            <Badge variant="secondary" data-testid="organisation-role">
              {t(`organisation.role.${organisation.role}`)}
            </Badge>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
