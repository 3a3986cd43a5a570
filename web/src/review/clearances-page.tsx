import { useFormatters } from "@duecheck/react/views/format";
import { useReasonLabel } from "@duecheck/react/views/review/reason-label";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Input } from "@duecheck/ui/input";
import { Label } from "@duecheck/ui/label";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Switch } from "@duecheck/ui/switch";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { BanIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ClearanceView } from "../../../lib/review/contract.ts";
import { LoadMore } from "../components/load-more";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { PageHeader } from "../shell/page-header";
import { useClearances } from "./review-queries";
import { ReviewTabs } from "./review-tabs";
import { RevokeDialog } from "./revoke-dialog";

export interface ClearancesSearch {
  q?: string;
  all?: boolean;
}

/** ?q= and ?all=true of /reviews/clearances. */
export function validateClearancesSearch(search: Record<string, unknown>): ClearancesSearch {
  const result: ClearancesSearch = {};
  if (typeof search.q === "string" && search.q.trim()) result.q = search.q.slice(0, 200);
  if (search.all === true || search.all === "true") result.all = true;
  return result;
}

/**
 * /reviews/clearances: the remembered false positives (a subject and a listing cleared once, cleared again in
 * later screenings while the listing is unchanged), searchable, with the revoked ones on request, each revocable.
 */
export function ClearancesPage() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as ClearancesSearch;
  const [text, setText] = useState(search.q ?? "");
  const q = useDebouncedValue(text, 300);
  const list = useClearances(search.q ?? "", !!search.all);
  const [revoking, setRevoking] = useState<ClearanceView | null>(null);
  const searchId = useId();
  const switchId = useId();

  useEffect(() => {
    if ((q.trim() || undefined) !== search.q) void navigate({ to: "/reviews/clearances", search: { ...search, q: q.trim() || undefined }, replace: true });
  }, [q, search, navigate]);

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("reviews.clearances.title")} description={t("reviews.clearances.description")} />
      <ReviewTabs current="clearances" />
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid gap-1.5 sm:w-80">
          <Label htmlFor={searchId}>{t("reviews.clearances.search")}</Label>
          <Input id={searchId} type="search" value={text} onChange={(event) => setText(event.target.value)} maxLength={200} />
        </div>
        <div className="flex items-center gap-2 pb-2">
          <Switch
            id={switchId}
            checked={!!search.all}
            onCheckedChange={(all) => void navigate({ to: "/reviews/clearances", search: { ...search, all: all || undefined }, replace: true })}
          />
          <Label htmlFor={switchId}>{t("reviews.clearances.showRevoked")}</Label>
        </div>
      </div>
      {list.total !== undefined && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t("reviews.clearances.total", { count: list.total, formatted: number(list.total) })}
        </p>
      )}
      {list.isPending && <Skeleton className="h-32 w-full" />}
      {list.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("reviews.loadFailed")}
        </p>
      )}
      {list.items && list.items.length === 0 && <p className="text-sm text-muted-foreground">{t("reviews.clearances.empty")}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="grid gap-2" data-testid="clearances">
          {list.items.map((clearance) => (
            <ClearanceRow key={clearance.id} clearance={clearance} onRevoke={() => setRevoking(clearance)} />
          ))}
        </ul>
      )}
      <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} loaded={list.items?.length ?? 0} onLoad={() => void list.fetchNextPage()} />
      <RevokeDialog clearance={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function ClearanceRow({ clearance, onRevoke }: { clearance: ClearanceView; onRevoke: () => void }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const reasonLabel = useReasonLabel();
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="clearance" data-revoked={!!clearance.revokedAt}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold wrap-anywhere">{clearance.subjectName}</p>
          <p className="wrap-anywhere">
            <Badge variant="outline" className="mr-2">
              {t(`reviews.kind.${clearance.hitKind}`)}
            </Badge>
            {clearance.listingName}
            <span className="text-muted-foreground"> · {clearance.datasetId}</span>
          </p>
        </div>
        {clearance.revokedAt ? (
          <Badge variant="secondary">{t("reviews.clearances.revokedBadge")}</Badge>
        ) : (
          <Button size="sm" variant="outline" onClick={onRevoke} aria-label={t("reviews.clearances.revokeLabel", { listing: clearance.listingName })}>
            <BanIcon aria-hidden />
            {t("reviews.clearances.revoke")}
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {t("review.clearedOnBy", {
          date: date(clearance.decidedAt),
          name: clearance.decidedBy ?? t("reviews.someone"),
          reason: clearance.text ? `${reasonLabel(clearance.reason)} (${clearance.text})` : reasonLabel(clearance.reason),
        })}
        {clearance.searchId && (
          <>
            {" · "}
            <Link to="/searches/$searchId" params={{ searchId: clearance.searchId }} className="text-primary hover:underline">
              {t("reviews.clearances.openSearch")}
            </Link>
          </>
        )}
      </p>
      {clearance.revokedAt && (
        <p className="text-xs text-muted-foreground">
          {t("reviews.clearances.revokedBy", {
            date: date(clearance.revokedAt),
            name: clearance.revokedBy ?? t("reviews.someone"),
            reason: clearance.revokeReason ?? "",
          })}
        </p>
      )}
    </li>
  );
}
