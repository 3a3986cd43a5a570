import { useFormatters } from "@duecheck/react/views/format";
import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Link, useNavigate } from "@tanstack/react-router";
import { PlusIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { canManageMembers } from "../../../lib/organisations/contract.ts";
import { FormDialog } from "../components/form-dialog";
import { useOrganisation } from "../organisations/use-organisation";
import { PageHeader } from "../shell/page-header";
import { useCreateWatchlist, useWatchlists } from "./use-watchlists";

/** Below 640 px each watchlist is a block of its own, as the members table does. */
const STACKED = {
  table: "max-sm:block",
  header: "max-sm:sr-only",
  body: "max-sm:block",
  row: "max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-3 max-sm:py-3",
  cell: "max-sm:block max-sm:min-w-0 max-sm:p-0",
};

/**
 * /organisation/watchlists: the organisation's own lists (exited customers, refused onboardings, fraudsters), screened
 * for it alone beside the published lists. Every member reads them; owners and admins create them.
 */
export function WatchlistsPage() {
  const { t } = useTranslation();
  const { number, dateTime } = useFormatters();
  const organisation = useOrganisation();
  const list = useWatchlists();
  const manages = !!organisation.data && canManageMembers(organisation.data.role);
  const headingId = useId();

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("watchlists.title")} description={t("watchlists.description")}>
        {manages && <CreateWatchlistDialog />}
      </PageHeader>
      <section className="grid gap-3" aria-labelledby={headingId}>
        <h2 id={headingId} className="sr-only">
          {t("watchlists.title")}
        </h2>
        {list.isLoading && <Skeleton className="h-24 w-full" />}
        {list.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("watchlists.loadFailed")}
          </p>
        )}
        {list.data && list.data.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="watchlists-empty">
            {manages ? t("watchlists.emptyManager") : t("watchlists.empty")}
          </p>
        )}
        {list.data && list.data.length > 0 && (
          <Table data-testid="watchlists" aria-labelledby={headingId} className={STACKED.table}>
            <TableHeader className={STACKED.header}>
              <TableRow>
                <TableHead scope="col">{t("watchlists.column.name")}</TableHead>
                <TableHead scope="col">{t("watchlists.column.entries")}</TableHead>
                <TableHead scope="col">{t("watchlists.column.version")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className={STACKED.body}>
              {list.data.map((w) => (
                <TableRow key={w.id} className={STACKED.row}>
                  <TableCell className={`${STACKED.cell} max-sm:col-span-2 font-medium`}>
                    <Link to="/organisation/watchlists/$watchlistId" params={{ watchlistId: w.id }} className="underline-offset-4 hover:underline">
                      {w.name}
                    </Link>
                  </TableCell>
                  <TableCell className={STACKED.cell}>
                    <span className="text-muted-foreground sm:sr-only">{t("watchlists.column.entries")}: </span>
                    {number(w.entryCount)}
                  </TableCell>
                  <TableCell className={STACKED.cell}>
                    <span className="text-muted-foreground sm:sr-only">{t("watchlists.column.version")}: </span>
                    {w.versionDate ? dateTime(w.versionDate) : t("watchlists.noVersion")}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}

function CreateWatchlistDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWatchlist();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const nameId = useId();
  const close = () => {
    setOpen(false);
    setName("");
    create.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (made) => {
        close();
        navigate({ to: "/organisation/watchlists/$watchlistId", params: { watchlistId: made.id } });
      },
    });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="create-watchlist">
        <PlusIcon aria-hidden />
        {t("watchlists.create")}
      </Button>
      <FormDialog
        open={open}
        onClose={close}
        title={t("watchlists.createTitle")}
        description={t("watchlists.createDescription")}
        error={create.error}
        failedTitle={t("watchlists.createFailed")}
        pending={create.isPending}
        submitLabel={t("watchlists.create")}
        onSubmit={submit}
        testId="create-watchlist-dialog"
      >
        <div className="grid gap-2">
          <Label htmlFor={nameId}>{t("watchlists.name")}</Label>
          <Input id={nameId} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} required autoFocus />
        </div>
      </FormDialog>
    </>
  );
}
