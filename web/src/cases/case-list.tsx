import { useFormatters } from "@duecheck/react/views/format";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { CaseListItemView } from "../../../lib/cases/contract.ts";
import { EscalatedMark, OverdueMark, PriorityBadge, StatusBadge } from "./case-badges";

/** The cases in the order the list answers (newest first; Overdue by due date): each a row that stacks on a narrow screen, its title opening the case. */
export function CaseList({ items }: { items: CaseListItemView[] }) {
  return (
    <ul className="grid gap-2" data-testid="case-list">
      {items.map((item) => (
        <CaseRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function CaseRow({ item }: { item: CaseListItemView }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="case-row" data-case-id={item.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <Link
            to="/cases/$caseId"
            params={{ caseId: item.id }}
            className="min-w-0 font-semibold wrap-anywhere text-primary hover:underline"
            aria-label={t("cases.list.openLabel", { title: item.title })}
          >
            {item.title}
          </Link>
          {item.subject.name !== item.title && (
            <span className="text-xs text-muted-foreground wrap-anywhere" data-testid="case-subject">
              {item.subject.name}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <PriorityBadge priority={item.priority} />
          <StatusBadge status={item.status} />
          {item.overdue && <OverdueMark />}
          {item.escalatedAt && <EscalatedMark />}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span data-testid="case-assignee">{item.assignee ? t("cases.assignee", { name: item.assignee.name }) : t("cases.unassigned")}</span>
        <span data-testid="case-due">
          {item.status === "closed" ? t(`cases.outcome.${item.outcome ?? "none"}`) : t("cases.due", { date: dateTime(item.dueAt) })}
        </span>
        <span>{t("cases.list.openHits", { count: item.openHits, formatted: number(item.openHits) })}</span>
        <span>{t("cases.list.searches", { count: item.searchCount, formatted: number(item.searchCount) })}</span>
        {item.tags.length > 0 && (
          <span className="flex flex-wrap gap-1" data-testid="case-row-tags">
            <span className="sr-only">{t("cases.tags.title")}:</span>
            {item.tags.map((tag) => (
              <span key={tag} className="rounded-sm bg-muted px-1.5 py-0.5 text-foreground" data-testid="case-row-tag">
                {tag}
              </span>
            ))}
          </span>
        )}
      </div>
    </li>
  );
}
