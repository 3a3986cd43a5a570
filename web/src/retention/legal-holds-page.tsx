import { useFormatters } from "@duecheck/react/views/format";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@duecheck/ui/table";
import { Tabs, TabsList, TabsTrigger } from "@duecheck/ui/tabs";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isReadOnly } from "../../../lib/auth/roles.ts";
import { type LegalHoldView, legalHoldLiftSchema } from "../../../lib/retention/contract.ts";
import { AdminOnly, isForbidden, NotAllowed } from "../admin/admin-only";
import { useCurrentUser } from "../auth/use-current-user";
import { TextDialog } from "../components/text-dialog";
import { PageHeader } from "../shell/page-header";
import { HOLD_LISTS, type HoldList, type LegalHoldsSearch } from "./legal-holds-search";
import { SetHoldForm } from "./set-hold-form";
import { useLegalHolds, useLiftLegalHold } from "./use-legal-holds";

/**
 * /admin/legal-holds: the holds (active, lifted or all, in the address), setting one on a user or a search, and
 * lifting one with a reason. Auditors read the list; only admins see Set and Lift (the server refuses the rest).
 */
export function LegalHoldsPage() {
  return (
    <AdminOnly>
      <LegalHolds />
    </AdminOnly>
  );
}

function LegalHolds() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as LegalHoldsSearch;
  const show: HoldList = search.show ?? "active";
  const holds = useLegalHolds(show);
  const [lifting, setLifting] = useState<LegalHoldView | null>(null);
  const lift = useLiftLegalHold(() => setLifting(null));
  const changes = !!user && !isReadOnly(user);
  if (isForbidden(holds.error)) return <NotAllowed />;
  const items = holds.data?.items;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("legalHolds.title")} description={t("legalHolds.description")} />
      {changes ? (
        <SetHoldForm />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="legal-holds-read-only">
          {t("legalHolds.readOnly")}
        </p>
      )}
      <section className="grid gap-3" aria-label={t("legalHolds.listTitle")}>
        <Tabs
          value={show}
          onValueChange={(next) => void navigate({ to: "/admin/legal-holds", search: next === "active" ? {} : { show: next as "lifted" | "all" } })}
        >
          <TabsList aria-label={t("legalHolds.showLabel")}>
            {HOLD_LISTS.map((list) => (
              <TabsTrigger key={list} value={list} data-testid={`holds-${list}`}>
                {t(`legalHolds.show.${list}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        {holds.isLoading && <Skeleton className="h-32 w-full" />}
        {holds.isError && (
          <p role="alert" className="text-sm text-destructive">
            {t("admin.loadFailed")}
          </p>
        )}
        {items &&
          (items.length === 0 ? (
            <p className="rounded-lg border border-dashed px-4 py-12 text-center text-sm text-muted-foreground" data-testid="legal-holds-empty">
              {t(`legalHolds.empty.${show}`)}
            </p>
          ) : (
            <HoldsTable holds={items} onLift={changes ? setLifting : undefined} />
          ))}
      </section>
      <TextDialog
        open={lifting !== null}
        onClose={() => setLifting(null)}
        schema={legalHoldLiftSchema}
        field="reason"
        title={t("legalHolds.liftTitle")}
        description={lifting ? t("legalHolds.liftDescription", { target: targetName(lifting) }) : undefined}
        label={t("legalHolds.liftReason")}
        submitLabel={t("legalHolds.lift")}
        destructive
        mutation={lift}
        failedTitle={t("legalHolds.liftFailed")}
        onSubmit={(reason) => lifting && lift.mutate({ hold: lifting, reason })}
        testId="lift-hold-dialog"
      />
    </div>
  );
}

const targetName = (hold: LegalHoldView) => (hold.target === "user" ? (hold.userEmail ?? hold.userId ?? "") : (hold.searchTerm ?? hold.searchId ?? ""));

function HoldsTable({ holds, onLift }: { holds: LegalHoldView[]; onLift?: (hold: LegalHoldView) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <Table data-testid="legal-holds-table">
      <caption className="sr-only">{t("legalHolds.listTitle")}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{t("legalHolds.column.target")}</TableHead>
          <TableHead scope="col">{t("legalHolds.column.reason")}</TableHead>
          <TableHead scope="col">{t("legalHolds.column.set")}</TableHead>
          <TableHead scope="col">{t("legalHolds.column.status")}</TableHead>
          {onLift && (
            <TableHead scope="col">
              <span className="sr-only">{t("legalHolds.column.actions")}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {holds.map((hold) => (
          <TableRow key={hold.id} data-testid="legal-hold-row" className="align-top">
            <TableCell className="max-w-64 wrap-anywhere">
              <div className="text-xs text-muted-foreground">{t(`legalHolds.target.${hold.target}`)}</div>
              {hold.target === "search" && hold.searchId ? (
                <Link to="/" search={{ view: hold.searchId }} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
                  {targetName(hold)}
                </Link>
              ) : (
                <div className="font-medium">{targetName(hold)}</div>
              )}
            </TableCell>
            <TableCell className="max-w-80 whitespace-pre-wrap wrap-anywhere">{hold.reason}</TableCell>
            <TableCell className="text-sm">
              <time dateTime={hold.createdAt}>{dateTime(hold.createdAt)}</time>
              <div className="text-xs text-muted-foreground">{hold.createdByEmail ?? t("legalHolds.byOperator")}</div>
            </TableCell>
            <TableCell className="max-w-64 text-sm wrap-anywhere">
              {hold.liftedAt ? (
                <div className="grid gap-1">
                  <Badge variant="secondary">{t("legalHolds.status.lifted")}</Badge>
                  <span>
                    <time dateTime={hold.liftedAt}>{dateTime(hold.liftedAt)}</time> · {hold.liftedByEmail ?? t("legalHolds.byOperator")}
                  </span>
                  {hold.liftReason && <span className="whitespace-pre-wrap text-muted-foreground">{hold.liftReason}</span>}
                </div>
              ) : (
                <Badge>{t("legalHolds.status.active")}</Badge>
              )}
            </TableCell>
            {onLift && (
              <TableCell className="text-right">
                {!hold.liftedAt && (
                  <Button variant="outline" size="sm" onClick={() => onLift(hold)} aria-label={t("legalHolds.liftLabel", { target: targetName(hold) })}>
                    {t("legalHolds.lift")}
                  </Button>
                )}
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
