import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { toast } from "@duecheck/ui/use-toast";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { ArrowLeftIcon, DownloadIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { canManageMembers } from "../../../lib/organisations/contract.ts";
import type { WatchlistEntry } from "../../../lib/watchlists/contract.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog";
import { FormDialog } from "../components/form-dialog";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { serverErrorText } from "../lib/api";
import { useOrganisation } from "../organisations/use-organisation";
import { PageHeader } from "../shell/page-header";
import { AddEntryDialog } from "./entry-dialog";
import { ImportPanel } from "./import-panel";
import { ENTRIES_PAGE_SIZE, exportUrl, useDeleteWatchlist, useRemoveEntry, useRenameWatchlist, useWatchlist } from "./use-watchlists";

/** Below 640 px each entry is a block of its own, as the members table does. */
const STACKED = {
  table: "max-sm:block",
  header: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-3 max-sm:py-3",
  cell: "max-sm:block max-sm:min-w-0 max-sm:p-0",
};

/**
 * /organisation/watchlists/{id}: one watchlist, its entries (searched on the server, a page at a time) and, for owners
 * and admins, adding, removing, importing a CSV, renaming and deleting. Every member reads it and exports it.
 */
export function WatchlistPage() {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const { watchlistId } = useParams({ strict: false }) as { watchlistId: string };
  const organisation = useOrganisation();
  const manages = !!organisation.data && canManageMembers(organisation.data.role);
  const [filter, setFilter] = useState("");
  const q = useDebouncedValue(filter).trim();
  const [offset, setOffset] = useState(0);
  const watchlist = useWatchlist(watchlistId, q, offset);
  const remove = useRemoveEntry(watchlistId);
  const [removing, setRemoving] = useState<WatchlistEntry | null>(null);
  const entriesId = useId();
  const filterId = useId();
  const data = watchlist.data;

  if (watchlist.isError && !data) {
    return (
      <div className="grid gap-4">
        <BackLink />
        <h1 className="text-2xl font-bold tracking-tight">{t("watchlists.title")}</h1>
        <p role="alert" className="text-sm text-destructive">
          {t(serverErrorText(watchlist.error) ?? "watchlists.loadFailed")}
        </p>
      </div>
    );
  }
  if (!data) return <Skeleton className="h-48 w-full" />;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <BackLink />
      <PageHeader
        title={data.name}
        description={
          data.versionDate
            ? t("watchlists.summary", { count: data.entryCount, value: number(data.entryCount), date: dateTime(data.versionDate) })
            : t("watchlists.summaryEmpty")
        }
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={exportUrl(watchlistId)} download data-testid="watchlist-export">
              <DownloadIcon aria-hidden />
              {t("watchlists.export")}
            </a>
          </Button>
          {manages && <RenameDialog watchlistId={watchlistId} name={data.name} />}
          {manages && <DeleteButton watchlistId={watchlistId} name={data.name} />}
        </div>
      </PageHeader>

      {manages && <ImportPanel watchlistId={watchlistId} />}

      <section className="grid gap-3" aria-labelledby={entriesId}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={entriesId} className="text-lg font-semibold">
            {t("watchlists.entries")}
          </h2>
          {manages && <AddEntryDialog watchlistId={watchlistId} />}
        </div>
        <div className="grid gap-1.5 sm:max-w-sm">
          <Label htmlFor={filterId}>{t("watchlists.searchLabel")}</Label>
          <Input
            id={filterId}
            type="search"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setOffset(0);
            }}
            placeholder={t("watchlists.searchPlaceholder")}
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="watchlist-entry-count">
          {t("watchlists.entryCount", { count: data.total, value: number(data.total) })}
        </p>
        {data.entries.length > 0 && (
          <Table data-testid="watchlist-entries" aria-labelledby={entriesId} className={STACKED.table}>
            <TableHeader className={STACKED.header}>
              <TableRow>
                <TableHead scope="col">{t("watchlists.column.name")}</TableHead>
                <TableHead scope="col">{t("watchlists.column.type")}</TableHead>
                <TableHead scope="col">{t("watchlists.column.birthDate")}</TableHead>
                <TableHead scope="col">{t("watchlists.column.identifiers")}</TableHead>
                <TableHead scope="col">{t("watchlists.column.reason")}</TableHead>
                {manages && (
                  <TableHead scope="col" className="px-2 text-right">
                    <span className="sr-only">{t("watchlists.column.actions")}</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody className={STACKED.body}>
              {data.entries.map((e) => (
                <TableRow key={e.id} className={STACKED.row}>
                  <TableCell className={`${STACKED.cell} max-sm:col-span-2`}>
                    <p className="font-medium break-words">{e.name}</p>
                    {e.aliases.length > 0 && <p className="text-xs text-muted-foreground break-words">{e.aliases.join("; ")}</p>}
                  </TableCell>
                  <TableCell className={STACKED.cell}>
                    {t(`watchlists.type.${e.entityType}`)}
                    {e.nationality ? ` · ${e.nationality}` : ""}
                  </TableCell>
                  <TableCell className={STACKED.cell}>{e.birthDate ?? "–"}</TableCell>
                  <TableCell className={`${STACKED.cell} break-all`}>{e.identifiers.map((i) => `${i.kind}:${i.value}`).join("; ") || "–"}</TableCell>
                  <TableCell className={`${STACKED.cell} max-sm:col-span-2 break-words`}>{e.reason ?? "–"}</TableCell>
                  {manages && (
                    <TableCell className={`${STACKED.cell} text-right`}>
                      <Button variant="ghost" size="sm" onClick={() => setRemoving(e)} aria-label={t("watchlists.entry.removeLabel", { name: e.name })}>
                        <Trash2Icon aria-hidden />
                        <span className="sm:sr-only">{t("watchlists.entry.remove")}</span>
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {data.total > ENTRIES_PAGE_SIZE && (
          <nav className="flex items-center justify-between gap-2" aria-label={t("watchlists.pages")}>
            <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - ENTRIES_PAGE_SIZE))}>
              {t("watchlists.previous")}
            </Button>
            <span className="text-sm text-muted-foreground">
              {t("watchlists.range", { from: number(offset + 1), to: number(Math.min(offset + ENTRIES_PAGE_SIZE, data.total)), total: number(data.total) })}
            </span>
            <Button variant="outline" size="sm" disabled={offset + ENTRIES_PAGE_SIZE >= data.total} onClick={() => setOffset(offset + ENTRIES_PAGE_SIZE)}>
              {t("watchlists.next")}
            </Button>
          </nav>
        )}
      </section>

      <ConfirmDeleteDialog
        item={removing}
        title={t("watchlists.entry.removeTitle")}
        description={(entry) => t("watchlists.entry.removeDescription", { name: entry.name })}
        confirmLabel={t("watchlists.entry.remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={(entry) => {
          setRemoving(null);
          remove.mutate(entry.id, {
            onError: (error) =>
              toast({ variant: "destructive", title: t("watchlists.entry.removeFailed"), description: t(serverErrorText(error) ?? "") || undefined }),
          });
        }}
      />
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to="/organisation/watchlists" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeftIcon className="size-4" aria-hidden />
      {t("watchlists.back")}
    </Link>
  );
}

function RenameDialog({ watchlistId, name }: { watchlistId: string; name: string }) {
  const { t } = useTranslation();
  const rename = useRenameWatchlist(watchlistId);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(name);
  const id = useId();
  const close = () => {
    setOpen(false);
    rename.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rename.mutate(value.trim(), { onSuccess: close });
  };
  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setValue(name);
          setOpen(true);
        }}
      >
        <PencilIcon aria-hidden />
        {t("watchlists.rename")}
      </Button>
      <FormDialog
        open={open}
        onClose={close}
        title={t("watchlists.renameTitle")}
        error={rename.error}
        failedTitle={t("watchlists.renameFailed")}
        pending={rename.isPending}
        submitLabel={t("watchlists.rename")}
        onSubmit={submit}
        testId="rename-watchlist-dialog"
      >
        <div className="grid gap-2">
          <Label htmlFor={id}>{t("watchlists.name")}</Label>
          <Input id={id} value={value} onChange={(e) => setValue(e.target.value)} maxLength={100} required />
        </div>
      </FormDialog>
    </>
  );
}

function DeleteButton({ watchlistId, name }: { watchlistId: string; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const del = useDeleteWatchlist(watchlistId);
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(name)}>
        <Trash2Icon aria-hidden />
        {t("watchlists.delete")}
      </Button>
      <ConfirmDeleteDialog
        item={asking}
        title={t("watchlists.deleteTitle")}
        description={(n) => t("watchlists.deleteDescription", { name: n })}
        confirmLabel={t("watchlists.delete")}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          del.mutate(undefined, {
            onSuccess: () => navigate({ to: "/organisation/watchlists" }),
            onError: (error) =>
              toast({ variant: "destructive", title: t("watchlists.deleteFailed"), description: t(serverErrorText(error) ?? "") || undefined }),
          });
        }}
      />
    </>
  );
}
