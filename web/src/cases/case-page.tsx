import { useFormatters } from "@duecheck/react/views/format";
import { ReviewStatusBadge } from "@duecheck/react/views/review/review-status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Link, useParams } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CaseView } from "../../../lib/cases/contract.ts";
import { serverErrorText } from "../lib/api";
import { PageHeader } from "../shell/page-header";
import { CaseActions } from "./case-actions";
import { CaseAttachments } from "./case-attachments";
import { EscalatedMark, OverdueMark, PriorityBadge, StatusBadge } from "./case-badges";
import { AddCaseSearch, CaseTags } from "./case-manual";
import { CaseNotes } from "./case-notes";
import { useCase } from "./case-queries";
import { CaseReportLinks } from "./case-report-links";
import { CaseTimeline } from "./case-timeline";

/**
 * /cases/{caseId}: the case named by its title, its subject, priority, status and outcome, assignee and due date, its
 * searches (each opening the review screen where its hits are decided), the actions the reader may take, the notes
 * and the timeline.
 */
export function CasePage() {
  const { t } = useTranslation();
  const { caseId } = useParams({ strict: false }) as { caseId: string };
  const query = useCase(caseId);

  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError || !query.data) {
    return (
      <div className="grid gap-4">
        <PageHeader title={t("cases.case.notFoundTitle")} />
        <p role="alert" className="text-sm text-destructive" data-testid="case-error">
          {t(serverErrorText(query.error) || "cases.loadFailed")}
        </p>
        <BackToList />
      </div>
    );
  }
  const item = query.data;
  return (
    <div className="grid w-full min-w-0 grid-cols-1 gap-6" data-testid="case-page">
      <BackToList />
      <PageHeader title={item.title} description={t("cases.case.description", { subject: item.subject.name })} />
      <CaseFacts item={item} />
      <CaseActions item={item} />
      <CaseSearches item={item} />
      <AddCaseSearch item={item} />
      <CaseTags item={item} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CaseNotes caseId={item.id} notes={item.notes} />
        <CaseTimeline events={item.timeline} />
      </div>
      <CaseAttachments item={item} />
      <CaseReportLinks caseId={item.id} />
    </div>
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Link to="/cases" className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeftIcon aria-hidden className="size-4" />
      {t("cases.case.back")}
    </Link>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-1.5 text-sm wrap-anywhere" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function CaseFacts({ item }: { item: CaseView }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  const details = item.subject.details;
  return (
    <Card>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label={t("cases.case.subject")} testId="case-fact-subject">
            <span>{item.subject.name}</span>
            <span className="text-muted-foreground">({t(`cases.entityType.${item.subject.entityType}`)})</span>
            {details?.birthDate && <span className="text-muted-foreground">{t("cases.case.born", { date: details.birthDate })}</span>}
          </Fact>
          <Fact label={t("cases.case.priority")} testId="case-fact-priority">
            <PriorityBadge priority={item.priority} />
          </Fact>
          <Fact label={t("cases.case.status")} testId="case-fact-status">
            <StatusBadge status={item.status} />
            {item.escalatedAt && <EscalatedMark />}
          </Fact>
          <Fact label={t("cases.case.outcome")} testId="case-fact-outcome">
            {t(`cases.outcome.${item.outcome ?? "none"}`)}
          </Fact>
          <Fact label={t("cases.case.assignee")} testId="case-fact-assignee">
            {item.assignee ? item.assignee.name : t("cases.unassigned")}
          </Fact>
          <Fact label={t("cases.case.dueAt")} testId="case-fact-due">
            <time dateTime={item.dueAt}>{dateTime(item.dueAt)}</time>
            {item.overdue && <OverdueMark />}
          </Fact>
          <Fact label={t("cases.case.openedAt")} testId="case-fact-opened">
            <time dateTime={item.openedAt}>{dateTime(item.openedAt)}</time>
          </Fact>
          <Fact label={t("cases.case.openHits")} testId="case-fact-open-hits">
            {number(item.openHits)}
          </Fact>
          <Fact label={t("cases.case.organisation")} testId="case-fact-organisation">
            {item.organisation.name}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The case's searches, newest first; each opens the review screen where its hits are decided. */
function CaseSearches({ item }: { item: CaseView }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("cases.searches.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" data-testid="case-searches">
          {item.searches.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm" data-testid="case-search">
              <div className="grid min-w-0 gap-0.5">
                <Link
                  to="/reviews/$searchId"
                  params={{ searchId: search.id }}
                  className="font-semibold wrap-anywhere text-primary hover:underline"
                  aria-label={t("cases.searches.openLabel", { term: search.searchTerm, date: dateTime(search.createdAt) })}
                >
                  {search.searchTerm}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {t(`reviews.source.${search.source}`)} · <time dateTime={search.createdAt}>{dateTime(search.createdAt)}</time> ·{" "}
                  {t("cases.list.openHits", { count: search.openHits, formatted: number(search.openHits) })}
                </span>
              </div>
              <ReviewStatusBadge status={search.reviewStatus} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
