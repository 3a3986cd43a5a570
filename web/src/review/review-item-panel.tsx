import { ClearanceMark } from "@duecheck/react/views/review/clearance-mark";
import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import type { ReviewHitRef } from "@duecheck/react/views/search/review-slots";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { Link } from "@tanstack/react-router";
import { ExternalLinkIcon } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HitDecisionView } from "../../../lib/review/contract.ts";
import { reviewableHits } from "../../../lib/review/status.ts";
import type { SearchResults } from "../../../lib/screening/results.ts";
import { DecideDialog, type DecideTarget } from "./decide-dialog";
import { DecisionSummary } from "./decision-summary";
import { HitReviewActions } from "./hit-review";
import { RejectDialog } from "./reject-dialog";
import { useReviewItem } from "./review-queries";

type Clearances = Pick<NonNullable<SearchResults["sanctionsList"][number]["hits"][number]>, "clearance" | "clearanceChanged">;

/** The clearance marks of each listing, by hit id (articles have none). */
function clearanceMarks(results: SearchResults | null): Map<string, Clearances> {
  const marks = new Map<string, Clearances>();
  for (const row of results?.sanctionsList ?? []) for (const hit of row.hits) marks.set(hit.hitId, hit);
  for (const listing of results?.pepListings ?? []) marks.set(listing.hitId, listing);
  return marks;
}

/**
 * An item of the queue beside the list: its hits, each with its decision, decided from the keyboard. j / k (or the
 * arrow keys) move between hits, f opens the dialog preset to false positive, t to true match, Enter without a preset.
 */
export function ReviewItemPanel({ searchId }: { searchId: string }) {
  const { t } = useTranslation();
  const item = useReviewItem(searchId);
  const [active, setActive] = useState(0);
  const [target, setTarget] = useState<DecideTarget | null>(null);
  const [rejecting, setRejecting] = useState<HitDecisionView | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const hintId = useId();

  if (item.isPending) return <Skeleton className="h-64 w-full" />;
  if (item.isError || !item.data) {
    return (
      <p role="alert" className="text-sm text-destructive" data-testid="review-item-error">
        {t("reviews.item.loadFailed")}
      </p>
    );
  }
  const search = item.data;
  const hits = reviewableHits(search.results);
  const marks = clearanceMarks(search.results);
  const decisionOf = (hitId: string) => search.review.decisions.find((d) => d.hitId === hitId);
  const ref = (index: number): ReviewHitRef => ({
    searchId,
    hitId: hits[index].hitId,
    kind: hits[index].kind,
    label: hits[index].label,
    cleared: hits[index].cleared,
  });

  const move = (index: number) => {
    const next = Math.max(0, Math.min(hits.length - 1, index));
    setActive(next);
    rows.current[next]?.focus();
  };
  const open = (index: number, preset?: DecideTarget["preset"]) => {
    const hit = hits[index];
    if (!hit || hit.cleared) return;
    const live = decisionOf(hit.hitId);
    setTarget({ hit: ref(index), preset, ...(live ? { replaces: live } : {}) });
  };
  // Back on the hit once the dialog closes, so the next key moves on from it.
  const closeDialog = () => {
    setTarget(null);
    requestAnimationFrame(() => rows.current[active]?.focus());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // Keys typed in a dialog (rendered elsewhere in the page) or in a button's own handling are not the list's.
    if (!event.currentTarget.contains(event.target as Node) || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = rows.current.findIndex((row) => row?.contains(event.target as Node));
    const at = index >= 0 ? index : active;
    const onRow = (event.target as HTMLElement).tagName === "LI";
    if (event.key === "j" || event.key === "ArrowDown") move(at + 1);
    else if (event.key === "k" || event.key === "ArrowUp") move(at - 1);
    else if (event.key === "f") open(at, "false_positive");
    else if (event.key === "t") open(at, "true_match");
    else if (event.key === "Enter" && onRow) open(at);
    else return;
    event.preventDefault();
  };

  return (
    <Card data-testid="review-item">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="text-lg wrap-anywhere">
            <h2>{search.searchTerm}</h2>
          </CardTitle>
          <Button variant="outline" size="sm" asChild>
            <Link to="/searches/$searchId" params={{ searchId: search.id }}>
              <ExternalLinkIcon aria-hidden />
              {t("reviews.item.openResult")}
            </Link>
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <RiskBadge level={search.riskLevel} />
          <ReviewStatusBadge status={search.review.status} />
        </div>
        <CardDescription id={hintId} data-testid="keyboard-hint">
          {t("reviews.item.keys")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {hits.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("reviews.item.noHits")}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t("reviews.item.hitsLabel")} aria-describedby={hintId} onKeyDown={onKeyDown} data-testid="review-hits">
            {hits.map((hit, index) => {
              const decision = decisionOf(hit.hitId);
              const mark = marks.get(hit.hitId);
              return (
                <li
                  key={hit.hitId}
                  ref={(element) => {
                    rows.current[index] = element;
                  }}
                  tabIndex={index === active ? 0 : -1}
                  onFocus={() => setActive(index)}
                  aria-current={index === active ? "true" : undefined}
                  className={cn(
                    "grid gap-2 rounded-md border p-3 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    index === active && "border-primary",
                  )}
                  data-testid="review-hit"
                  data-hit-id={hit.hitId}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="outline">{t(`reviews.kind.${hit.kind}`)}</Badge>
                    <span className="font-medium break-words" data-testid="review-hit-label">
                      {hit.label}
                    </span>
                  </div>
                  <ClearanceMark clearance={mark?.clearance} changed={mark?.clearanceChanged} />
                  {!hit.cleared && (
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      {decision ? (
                        <DecisionSummary decision={decision} />
                      ) : (
                        <p className="text-xs text-muted-foreground" data-testid="hit-undecided">
                          {t("reviews.undecided")}
                        </p>
                      )}
                      <HitReviewActions hit={ref(index)} decision={decision} onDecide={setTarget} onReject={setRejecting} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {target && <DecideDialog target={target} onClose={closeDialog} />}
      <RejectDialog proposal={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
