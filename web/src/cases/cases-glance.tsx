import { useFormatters } from "@duecheck/react/views/format";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Link } from "@tanstack/react-router";
import { AlarmClockIcon, BriefcaseIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CaseSummaryView } from "../../../lib/cases/contract.ts";
import { useCaseSummary } from "./case-queries";

type Figure = { key: string; value: number; view: "mine" | "overdue" | "unassigned" | "escalated"; urgent: boolean; overdue?: number };

/** The figures of a summary, each a link to its view: the reader's own first (with how many are overdue), then the team's. */
function figuresOf(summary: CaseSummaryView): Figure[] {
  return [
    { key: "mine", value: summary.mine.open, view: "mine", urgent: summary.mine.overdue > 0, overdue: summary.mine.overdue },
    { key: "overdue", value: summary.team.overdue, view: "overdue", urgent: summary.team.overdue > 0 },
    { key: "unassigned", value: summary.team.unassigned, view: "unassigned", urgent: false },
    { key: "escalated", value: summary.team.escalated, view: "escalated", urgent: false },
  ];
}

/**
 * The cases at a glance, on the home screen and the admin dashboard: the reader's open and overdue cases and the
 * team's overdue, unassigned and escalated ones, each a link to its view of /cases. Nothing when no case is open (or
 * the figures cannot be read: the list itself tells why).
 */
export function CasesGlance({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const summary = useCaseSummary();
  const data = summary.data;
  if (!data || (hideWhenEmpty && data.team.open === 0)) return null;
  return (
    <Card className="gap-3" data-testid="cases-glance">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>
          <h2 className="text-base">{t("cases.glance.title")}</h2>
        </CardTitle>
        <BriefcaseIcon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figuresOf(data).map((figure) => (
            <li key={figure.key}>
              <Link
                to="/cases"
                search={{ view: figure.view }}
                className="grid gap-0.5 rounded-md p-2 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                data-testid={`cases-glance-${figure.key}`}
              >
                <span className={`flex items-center gap-1 text-2xl font-bold tabular-nums ${figure.urgent ? "text-destructive" : ""}`}>
                  {figure.urgent && <AlarmClockIcon className="size-4" aria-hidden />}
                  {number(figure.value)}
                </span>
                <span className="text-xs text-muted-foreground">{t(`cases.glance.${figure.key}`)}</span>
                {!!figure.overdue && (
                  <span className="text-xs font-medium text-destructive" data-testid="cases-glance-mine-overdue">
                    {t("cases.glance.mineOverdue", { count: figure.overdue, value: number(figure.overdue) })}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
