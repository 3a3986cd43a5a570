import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { useTranslation } from "react-i18next";
import type { MonitoredMatch } from "../../../lib/monitoring/schemas.ts";
import { formatPercent } from "../../../lib/screening/display-format.ts";

/** Sanctions matches a check added or removed: the listed name, its list and the match score. */
export function ChangedMatches({ title, matches, testId }: { title: string; matches: MonitoredMatch[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const { number } = useFormatters();
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>
          {title} ({number(matches.length)})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {matches.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("monitoring.none")}</p>
        ) : (
          <ul className="grid gap-2">
            {matches.map((match) => (
              <li
                key={`${match.datasetId}:${match.entityId}`}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                data-testid="changed-match"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium wrap-anywhere">{match.name}</span>
                  <span className="text-xs text-muted-foreground">{match.datasetName}</span>
                </div>
                <span className="text-sm tabular-nums">{t("search.score", { score: formatPercent(match.score, i18n.language) })}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
