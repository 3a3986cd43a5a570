import { AccordionContent, AccordionItem, AccordionTrigger } from "@duecheck/ui/accordion";
import { Badge } from "@duecheck/ui/badge";
import { cn } from "@duecheck/ui/utils";
import { formatCountries, formatDay, formatPercent } from "@lib/screening/display-format.ts";
import type { SanctionsHit, SanctionsRow } from "@lib/screening/results.ts";
import { describeListRow, describeMismatch } from "@lib/screening/summary/phrasebook.ts";
import { ExternalLinkIcon, ShieldAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormatters } from "../format";
import { ClearanceMark } from "../review/clearance-mark";
import { ListingDetails } from "./listing-details";
import { MatchEvidence } from "./match-evidence";
import { MatchExplanation } from "./match-explanation";
import type { SectionHitActions } from "./review-slots";
import { sortSanctionsRows } from "./risk";
import { useScreeningLanguage } from "./use-screening-language";

export const SANCTIONS_SECTION = "sanctions";

/**
 * Accordion 'Sanctions Database Search (N databases)': one row per dataset searched, matches first. Every listed
 * entity is a hit a reviewer decides on: `hitActions` (the host's) goes under each.
 */
export function SanctionsSection({ rows, hitActions }: { rows: SanctionsRow[]; hitActions?: SectionHitActions }) {
  const { t } = useTranslation();
  const sorted = sortSanctionsRows(rows);
  return (
    <AccordionItem value={SANCTIONS_SECTION}>
      <AccordionTrigger className="text-base">
        <span className="flex items-center gap-2">
          <ShieldAlertIcon className="size-4 shrink-0 text-primary" aria-hidden />
          {t("search.sanctionsSection", { count: rows.length })}
        </span>
      </AccordionTrigger>
      <AccordionContent>
        {sorted.length === 0 ? (
          <p className="text-muted-foreground">{t("search.noDatabases")}</p>
        ) : (
          <ul className="grid gap-3" data-testid="sanctions-rows">
            {sorted.map((row) => (
              <SanctionsRowItem key={row.datasetId || row.source} row={row} hitActions={hitActions} />
            ))}
          </ul>
        )}
      </AccordionContent>
    </AccordionItem>
  );
}

function SanctionsRowItem({ row, hitActions }: { row: SanctionsRow; hitActions?: SectionHitActions }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const language = useScreeningLanguage();
  const lastUpdated = formatDay(row.lastUpdated, language);
  return (
    <li
      className={cn("grid gap-2 rounded-md border p-3", row.match && "border-destructive/50 bg-destructive/5")}
      data-testid="sanctions-row"
      data-match={row.match}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words">
          {row.source}
          {/* The organisation's own watchlist, not a published list: the reviewer weighs its hit knowing that. */}
          {row.internal && (
            <Badge variant="outline" className="ml-2 align-middle" data-testid="internal-list">
              {t("search.internalList")}
            </Badge>
          )}
        </p>
        <Badge variant={row.match ? "destructive" : "secondary"}>{row.match ? t("search.matchFound") : t("search.noMatch")}</Badge>
      </div>
      <p className="break-words text-muted-foreground">{describeListRow(row, language)}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {lastUpdated && <span>{t("search.lastUpdated", { date: lastUpdated })}</span>}
        {row.entityCount > 0 && <span>{t("search.matchedEntities", { count: row.entityCount, formatted: number(row.entityCount) })}</span>}
        {row.url && (
          <a href={row.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary hover:underline">
            <ExternalLinkIcon className="size-3" aria-hidden />
            {t("search.viewList")}
            <span className="sr-only">{t("search.opensInNewTab")}</span>
          </a>
        )}
      </div>
      {row.hits.length > 0 && (
        <div className="grid gap-2">
          <p className="text-xs font-medium text-muted-foreground">{row.match ? t("search.listedEntities") : t("search.closestEntries")}</p>
          <ul className="grid gap-2">
            {row.hits.map((hit) => (
              <HitItem
                key={hit.hitId ?? hit.entityId}
                hit={hit}
                actions={hitActions?.({ hitId: hit.hitId, kind: "sanctions", label: hit.name, cleared: !!hit.clearance })}
              />
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

function HitItem({ hit, actions }: { hit: SanctionsHit; actions?: ReactNode }) {
  const { t } = useTranslation();
  const language = useScreeningLanguage();
  const score = formatPercent(hit.score, language);
  // hits stored before mismatches existed have their differences in English only
  const differences = hit.mismatches ? hit.mismatches.map((m) => describeMismatch(m, language)) : hit.differences;
  return (
    <li className="grid gap-1.5 rounded-md bg-muted/50 p-2.5 text-sm" data-testid="sanctions-hit" data-hit-id={hit.hitId}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words">{hit.name}</span>
        <Badge variant="outline" className="tabular-nums">
          {t("search.score", { score })}
        </Badge>
      </div>
      <ClearanceMark clearance={hit.clearance} changed={hit.clearanceChanged} />
      {hit.matchedName && hit.matchedName !== hit.name && (
        <p className="text-xs text-muted-foreground">{t("search.reason.matchedName", { name: hit.matchedName })}</p>
      )}
      <MatchEvidence evidence={hit.evidence} />
      <MatchExplanation parts={hit.explanation} />
      {hit.programs.length > 0 && (
        <div className="flex flex-wrap items-center gap-1 text-xs">
          <span className="text-muted-foreground">{t("search.programs")}</span>
          {hit.programs.map((program) => (
            <Badge key={program} variant="secondary" className="whitespace-normal break-all">
              {program}
            </Badge>
          ))}
        </div>
      )}
      {(hit.birthDate.length > 0 || hit.nationality.length > 0) && (
        <p className="text-xs text-muted-foreground">
          {[
            hit.birthDate.length > 0 ? t("search.reason.birthDate", { value: hit.birthDate.map((d) => formatDay(d, language)).join(", ") }) : null,
            hit.nationality.length > 0 ? t("search.reason.nationality", { value: formatCountries(hit.nationality, language) }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
      {differences.length > 0 && (
        <div className="text-xs">
          <span className="text-muted-foreground">{t("search.differences")}</span>
          <ul className="ml-4 list-disc">
            {differences.map((difference) => (
              <li key={difference} className="break-words">
                {difference}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ListingDetails hit={hit} />
      {hit.sourceUrl && (
        <a href={hit.sourceUrl} target="_blank" rel="noopener noreferrer" className="inline-flex w-fit items-center gap-1 text-xs text-primary hover:underline">
          <ExternalLinkIcon className="size-3" aria-hidden />
          {t("search.viewSource")}
          <span className="sr-only">{t("search.opensInNewTab")}</span>
        </a>
      )}
      {actions && (
        <div className="mt-1 border-t pt-2" data-testid="hit-actions">
          {actions}
        </div>
      )}
    </li>
  );
}
