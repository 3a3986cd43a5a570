import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { cn } from "@duecheck/ui/utils";
import type { MatchResult } from "@lib/sanctions/contract.ts";
import { formatDay } from "@lib/screening/display-format.ts";
import { CheckCircle2Icon, ExternalLinkIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MatchEvidence } from "../search/match-evidence";
import { MatchExplanation } from "../search/match-explanation";
import { usePercent } from "./format";

const SCHEMA_KEYS: Record<string, string> = {
  Person: "sanctions.schema.person",
  Organization: "sanctions.schema.organization",
  Company: "sanctions.schema.organization",
  Vessel: "sanctions.schema.vessel",
  Aircraft: "sanctions.schema.aircraft",
};

/** Aliases shown before "Show all". */
const ALIASES_SHOWN = 6;

/** One entity found by the sanctions search. */
export function SearchResultItem({ result, datasetNames }: { result: MatchResult; datasetNames: Map<string, string> }) {
  const { t, i18n } = useTranslation();
  const percent = usePercent();
  const titleId = useId();
  const [showAllAliases, setShowAllAliases] = useState(false);

  const schemaKey = SCHEMA_KEYS[result.schema];
  const aliases = result.aliases ?? [];
  const shownAliases = showAllAliases ? aliases : aliases.slice(0, ALIASES_SHOWN);
  const nationality = result.nationality ?? [];
  // as the results show dates: in the interface language ("30 Jul 1957", "30.07.1957"); "circa 1960" stays as published
  const birthDate = (result.birthDate ?? []).map((d) => formatDay(d, i18n.language));
  const datasets = result.datasets ?? [];
  const matchedOther = result.matchedName && result.matchedName.trim().toLowerCase() !== result.name.trim().toLowerCase() ? result.matchedName : undefined;

  return (
    <li
      aria-labelledby={titleId}
      data-testid="sanctions-result"
      className={cn(
        "grid min-w-0 gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm",
        result.match && !result.partial && "border-destructive/50",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h4 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
            {result.name}
          </h4>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{schemaKey ? t(schemaKey) : result.schema}</Badge>
            {result.partial ? (
              <Badge variant="warning" data-testid="partial-match">
                {t("sanctions.partialMatch")}
              </Badge>
            ) : (
              result.match && (
                <Badge variant="destructive">
                  <CheckCircle2Icon aria-hidden />
                  {t("sanctions.match")}
                </Badge>
              )
            )}
          </div>
        </div>
        <div className="shrink-0 text-right">
          <div className="text-xs text-muted-foreground">{t("sanctions.score")}</div>
          <div
            className={cn("text-lg font-semibold tabular-nums", result.match && !result.partial ? "text-destructive" : "text-foreground")}
            data-testid="sanctions-score"
          >
            {percent(result.score)}
          </div>
        </div>
      </div>

      {matchedOther && (
        <p className="text-sm">
          <span className="text-muted-foreground">{t("sanctions.matchedName")}: </span>
          <span className="font-medium [overflow-wrap:anywhere]">{matchedOther}</span>
        </p>
      )}

      {result.partial && <p className="text-xs text-muted-foreground">{t("sanctions.partialMatchHint")}</p>}
      <MatchEvidence evidence={result.evidence} />
      <MatchExplanation parts={result.explanation?.parts} />

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {aliases.length > 0 && (
          <Field label={t("sanctions.aliases")} wide>
            <span className="[overflow-wrap:anywhere]">{shownAliases.join("; ")}</span>
            {aliases.length > ALIASES_SHOWN && (
              <Button
                variant="link"
                size="sm"
                className="ml-1 h-auto p-0 align-baseline"
                aria-expanded={showAllAliases}
                onClick={() => setShowAllAliases((v) => !v)}
              >
                {showAllAliases ? t("sanctions.showFewerAliases") : t("sanctions.showAllAliases", { count: aliases.length })}
              </Button>
            )}
          </Field>
        )}
        <Field label={t("sanctions.nationality")}>{listOrDash(nationality, t("sanctions.notAvailable"))}</Field>
        <Field label={t("sanctions.birthDate")}>{listOrDash(birthDate, t("sanctions.notAvailable"))}</Field>
        <Field label={t("sanctions.datasets")} wide={!result.sourceUrl}>
          {listOrDash(
            datasets.map((id) => datasetNames.get(id) ?? id),
            t("sanctions.notAvailable"),
          )}
        </Field>
        {result.sourceUrl && (
          <Field label={t("sanctions.source")}>
            <a
              href={result.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
            >
              {t("sanctions.viewSource")}
              <ExternalLinkIcon className="size-3.5" aria-hidden />
              <span className="sr-only">{t("sanctions.opensInNewTab")}</span>
            </a>
          </Field>
        )}
      </dl>
    </li>
  );
}

function listOrDash(values: string[], empty: string): ReactNode {
  return values.length > 0 ? <span className="[overflow-wrap:anywhere]">{values.join(", ")}</span> : <span className="text-muted-foreground">{empty}</span>;
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn("grid min-w-0 content-start gap-0.5", wide && "sm:col-span-2")}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
