import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { DownloadIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuditEntryView } from "../../../lib/audit/contract.ts";
import { readsAuditLog } from "../../../lib/auth/roles.ts";
import { overseesTeam } from "../../../lib/organisations/contract.ts";
import { NotAllowed } from "../admin/admin-only";
import { PagedListState } from "../admin/list-state";
import { useCurrentUser } from "../auth/use-current-user";
import { answer, api, withSignal } from "../lib/api";
import { usePagedList } from "../lib/use-paged-list";
import { PageHeader } from "../shell/page-header";
import { AuditDetails } from "./audit-details";
import { AUDIT_FILTER_KEYS, type AuditSearch, auditQueryString } from "./audit-search";

const PAGE_SIZE = 50;

/**
 * Which log a screen reads: the instance's whole log (/admin/audit, its admins and auditors) or the signed-in user's
 * organisation's (/organisation/audit, its owners, admins and auditors). One screen, two sources and addresses.
 */
type AuditSource = "instance" | "organisation";

const SOURCES = {
  instance: { path: "/admin/audit", export: "/api/admin/audit/export", titleKey: "audit.title", descriptionKey: "audit.description" },
  organisation: {
    path: "/organisation/audit",
    export: "/api/organisation/audit/export",
    titleKey: "organisation.audit.title",
    descriptionKey: "organisation.audit.description",
  },
} as const;

/** /admin/audit: the audit log, filtered by actor, action, target and dates (in the address), paged, exportable. */
export function AuditPage() {
  const { user } = useCurrentUser();
  if (!user || !readsAuditLog(user.role)) return <NotAllowed />;
  return <AuditLog source="instance" />;
}

/** /organisation/audit: the organisation's entries (made by its members or about its records), the same screen. */
export function OrganisationAuditPage() {
  const { user } = useCurrentUser();
  if (!user?.organisation || !overseesTeam(user.organisation.role)) return <NotAllowed />;
  return <AuditLog source="organisation" />;
}

function AuditLog({ source }: { source: AuditSource }) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as AuditSearch;
  const list = usePagedList([source, "audit"], { ...search, limit: PAGE_SIZE }, (query, signal) =>
    answer(source === "instance" ? api.admin.audit.$get({ query }, withSignal(signal)) : api.organisation.audit.$get({ query }, withSignal(signal))),
  );
  const query = auditQueryString(search);
  const { path, titleKey, descriptionKey } = SOURCES[source];
  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t(titleKey)} description={t(descriptionKey)} />
      <AuditFilters key={query} search={search} path={path} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="audit-total">
          {list.total === undefined ? "" : t("audit.total", { count: list.total })}
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={`${SOURCES[source].export}${query ? `?${query}` : ""}`} download data-testid="audit-export">
            <DownloadIcon aria-hidden="true" />
            {t("audit.export")}
          </a>
        </Button>
      </div>
      <PagedListState list={{ ...list, hasNextPage: !!list.hasNextPage }} empty={t("audit.empty")}>
        <AuditTable entries={list.items ?? []} />
      </PagedListState>
    </div>
  );
}

function AuditFilters({ search, path }: { search: AuditSearch; path: (typeof SOURCES)[AuditSource]["path"] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AuditSearch>(search);
  const baseId = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next: AuditSearch = {};
    for (const key of AUDIT_FILTER_KEYS) if (draft[key]?.trim()) next[key] = draft[key]!.trim();
    void navigate({ to: path, search: next });
  };
  const field = (key: (typeof AUDIT_FILTER_KEYS)[number], type: "text" | "date" = "text") => (
    <div className="grid gap-2">
      <Label htmlFor={`${baseId}-${key}`}>{t(`audit.filter.${key}`)}</Label>
      <Input
        id={`${baseId}-${key}`}
        name={key}
        type={type}
        value={draft[key] ?? ""}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        placeholder={type === "text" ? t(`audit.filter.${key}Placeholder`) : undefined}
      />
    </div>
  );
  return (
    <form onSubmit={apply} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("audit.filter.label")}>
      {field("actor")}
      {field("action")}
      {field("targetType")}
      {field("targetId")}
      {field("from", "date")}
      {field("to", "date")}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{t("audit.filter.apply")}</Button>
        <Button type="button" variant="ghost" onClick={() => void navigate({ to: path, search: {} })}>
          {t("audit.filter.clear")}
        </Button>
      </div>
    </form>
  );
}

function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Table data-testid="audit-table">
      <caption className="sr-only">{t("audit.title")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("audit.column.time")}</TableHead>
          <TableHead scope="col">{t("audit.column.actor")}</TableHead>
          <TableHead scope="col">{t("audit.column.action")}</TableHead>
          <TableHead scope="col">{t("audit.column.target")}</TableHead>
          <TableHead scope="col">{t("audit.column.details")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.id} data-testid="audit-row" className="align-top">
            <TableCell className="whitespace-nowrap">
              <time dateTime={e.at}>{dateTime(e.at)}</time>
            </TableCell>
            <TableCell>
              <div className="font-medium">{e.actorEmail ?? t(`audit.actorKind.${e.actorKind}`, { defaultValue: e.actorKind })}</div>
              {e.ipAddress && <div className="text-xs text-muted-foreground">{e.ipAddress}</div>}
            </TableCell>
            <TableCell className="font-mono text-xs">{e.action}</TableCell>
            <TableCell className="max-w-48 wrap-anywhere">
              {e.targetType && <div className="text-xs text-muted-foreground">{e.targetType}</div>}
              <div>{e.targetEmail ?? e.targetId ?? ""}</div>
            </TableCell>
            <TableCell className="max-w-80">
              <AuditDetails details={e.details} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
