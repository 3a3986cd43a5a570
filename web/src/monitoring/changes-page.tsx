import { DuecheckError } from "@duecheck/react/api/errors";
import { useFormatters } from "@duecheck/react/views/format";
import { RISK_LABEL_KEYS } from "@duecheck/react/views/search/risk";
import { RiskBadge } from "@duecheck/react/views/search/risk-badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { Link, useParams } from "@tanstack/react-router";
import { ArrowLeftIcon, ArrowRightIcon, DownloadIcon, FileQuestionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MonitoringChanges } from "../../../lib/monitoring/schemas.ts";
import type { RiskLevel } from "../../../lib/screening/results.ts";
import { PageHeader } from "../shell/page-header";
import { AlertCard } from "./alert-card";
import { ChangedMatches } from "./changed-matches";
import { EntityOverview } from "./entity-overview";
import { NewArticles } from "./new-articles";
import { changesPdfUrl, useEntityChanges } from "./use-entity-changes";

const isRiskLevel = (value: string | null): value is RiskLevel => !!value && value in RISK_LABEL_KEYS;

/**
 * /automatic-screening/{id}/changes: what changed between an entry's last two checks (matches added and removed, the
 * risk before and after, new articles, sources not checked), with its PDF, and its alert (why it is open, Acknowledge,
 * Dismiss for administrators). Unknown or another user's entry: not found.
 */
export function ChangesPage() {
  const { t } = useTranslation();
  const { entityId } = useParams({ strict: false }) as { entityId: string };
  const query = useEntityChanges(entityId);

  if (query.error instanceof DuecheckError && query.error.status === 404) return <ChangesNotFound />;
  const answer = query.data;

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <div>
        <BackLink />
      </div>
      {answer ? (
        <PageHeader
          title={answer.entity.searchTerm}
          description={`${answer.entity.entityType === "company" ? t("search.company") : t("search.person")} · ${t(`monitoring.frequency.${answer.entity.frequency}`)}`}
        >
          {answer.changes && (
            <Button variant="outline" asChild>
              <a href={changesPdfUrl(entityId)} download>
                <DownloadIcon aria-hidden />
                {t("monitoring.downloadPdf")}
              </a>
            </Button>
          )}
        </PageHeader>
      ) : (
        <Skeleton className="h-12 w-full" />
      )}
      {query.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t("monitoring.changesLoadFailed")}
        </p>
      )}
      {answer && <EntityOverview entity={answer.entity} />}
      {answer && <AlertCard entity={answer.entity} />}
      {answer &&
        (answer.changes ? (
          <ChangesReport changes={answer.changes} />
        ) : (
          <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground" data-testid="no-changes">
            {t("monitoring.noChangesYet")}
          </p>
        ))}
    </div>
  );
}

function ChangesReport({ changes }: { changes: MonitoringChanges }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  return (
    <>
      <Card data-testid="changes-check">
        <CardHeader>
          <CardTitle>{t("monitoring.checkCompared")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <p>
            {t("monitoring.checkedAt")} <time dateTime={changes.checkedAt}>{dateTime(changes.checkedAt)}</time>
            {" · "}
            {t(`monitoring.trigger.${changes.trigger}`)}
          </p>
          <div className="flex flex-wrap gap-2">
            {changes.previousSearchId && (
              <Button variant="outline" size="sm" asChild>
                <Link to="/searches/$searchId" params={{ searchId: changes.previousSearchId }}>
                  {t("monitoring.previousCheck")}
                </Link>
              </Button>
            )}
            <Button variant="outline" size="sm" asChild>
              <Link to="/searches/$searchId" params={{ searchId: changes.searchId }}>
                {t("monitoring.latestCheck")}
              </Link>
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-2" data-testid="changes-risk">
            <span className="font-medium">{t("monitoring.riskLevel")}</span>
            <RiskBadge level={isRiskLevel(changes.riskBefore) ? changes.riskBefore : null} />
            <ArrowRightIcon className="size-4 text-muted-foreground" aria-label={t("monitoring.riskTo")} />
            <RiskBadge level={isRiskLevel(changes.riskAfter) ? changes.riskAfter : null} />
          </div>
        </CardContent>
      </Card>
      <ChangedMatches title={t("monitoring.addedMatches")} matches={changes.addedMatches} testId="added-matches" />
      <ChangedMatches title={t("monitoring.removedMatches")} matches={changes.removedMatches} testId="removed-matches" />
      <NewArticles articles={changes.newMedia} />
      {changes.notChecked.length > 0 && (
        <Card data-testid="not-checked">
          <CardHeader>
            <CardTitle>{t("monitoring.notCheckedTitle")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="text-muted-foreground">{t("monitoring.notCheckedDescription")}</p>
            <ul className="list-disc pl-5">
              {changes.notChecked.map((source) => (
                <li key={source}>{source}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2">
      <Link to="/automatic-screening">
        <ArrowLeftIcon aria-hidden />
        {t("monitoring.back")}
      </Link>
    </Button>
  );
}

function ChangesNotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-1 items-center justify-center py-12" data-testid="changes-not-found">
      <Card className="w-full max-w-md">
        <CardContent className="grid justify-items-center gap-4 text-center">
          <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden />
          <h1 className="text-2xl font-bold">{t("monitoring.notFound")}</h1>
          <p className="text-sm text-muted-foreground">{t("monitoring.notFoundDescription")}</p>
          <Button asChild>
            <Link to="/automatic-screening">{t("monitoring.back")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
