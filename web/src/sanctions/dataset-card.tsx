import { useFormatters } from "@duecheck/react/views/format";
import { useFormatAge, useFormatBytes } from "@duecheck/react/views/sanctions/format";
import { Badge } from "@duecheck/ui/badge";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@duecheck/ui/card";
import { Switch } from "@duecheck/ui/switch";
import { AlertTriangleIcon, DownloadIcon, Loader2Icon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DatasetVersionView, DatasetView } from "../../../lib/sanctions/contract.ts";
import { DatasetStatusBadge } from "./dataset-status-badge";
import { DisableDatasetDialog } from "./disable-dataset-dialog";
import { UploadDatasetButton } from "./upload-dataset-dialog";
import { useDownloadDataset, useSetDatasetEnabled, VERSIONS_SHOWN } from "./use-sanctions";

const TYPE_KEYS: Record<string, string> = {
  sanctions: "sanctions.type.sanctions",
  pep: "sanctions.type.pep",
};

const RETENTION_KEYS: Record<string, string> = {
  previous: "sanctions.retention.previous",
  week_old: "sanctions.retention.weekOld",
  month_old: "sanctions.retention.monthOld",
};

/** One dataset: what it is, how its last download went, and its kept versions; admins can download it now. */
export function DatasetCard({ dataset, canDownload, downloadAllPending }: { dataset: DatasetView; canDownload: boolean; downloadAllPending: boolean }) {
  const { t } = useTranslation();
  const setEnabled = useSetDatasetEnabled();
  const [askingToDisable, setAskingToDisable] = useState(false);
  const switchId = useId();
  const { dateTime } = useFormatters();
  const formatBytes = useFormatBytes();
  const age = useFormatAge();
  const download = useDownloadDataset();
  const titleId = useId();
  const versionsId = useId();

  const typeKey = TYPE_KEYS[dataset.dataset_type];
  const versions = (dataset.recent_versions ?? []).slice(0, VERSIONS_SHOWN);
  const downloading = download.isPending || dataset.last_download_status === "downloading";
  const description = dataset.metadata?.description;
  const inUse = dataset.recent_versions?.find((v) => v.is_current);

  return (
    <Card aria-labelledby={titleId} role="article" data-testid="dataset-card" className="min-w-0 gap-4">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
          <CardTitle id={titleId} className="min-w-0 flex-1 basis-48 text-base leading-snug [overflow-wrap:anywhere]">
            {dataset.source_name}
          </CardTitle>
          {!dataset.enabled && (
            <Badge variant="outline" data-testid="dataset-disabled">
              {t("sanctions.enabled.badge")}
            </Badge>
          )}
          <DatasetStatusBadge status={dataset.last_download_status} />
        </div>
        {description && <CardDescription className="[overflow-wrap:anywhere]">{description}</CardDescription>}
        {/* Only admins may change it (the server answers 403 to others), so only they get the switch. */}
        {canDownload && (
          <div className="flex items-center gap-2 pt-1">
            <Switch
              id={switchId}
              checked={setEnabled.isPending ? setEnabled.variables.enabled : dataset.enabled}
              disabled={setEnabled.isPending}
              // Turning a list off asks first, with a reason (DisableDatasetDialog); turning it on needs neither.
              onCheckedChange={(enabled) => (enabled ? setEnabled.mutate({ id: dataset.id, enabled }) : setAskingToDisable(true))}
              aria-label={t("sanctions.enabled.switch", { name: dataset.source_name })}
              data-testid="dataset-enabled"
            />
            <label htmlFor={switchId} className="text-sm">
              {t("sanctions.enabled.label")}
            </label>
          </div>
        )}
        {canDownload && (
          <DisableDatasetDialog
            name={dataset.source_name}
            open={askingToDisable}
            pending={setEnabled.isPending}
            onCancel={() => setAskingToDisable(false)}
            onConfirm={(reason) => setEnabled.mutate({ id: dataset.id, enabled: false, reason }, { onSuccess: () => setAskingToDisable(false) })}
          />
        )}
        {!dataset.enabled && <p className="text-sm text-muted-foreground">{t("sanctions.enabled.off")}</p>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <Detail label={t("sanctions.field.type")}>
            <Badge variant={dataset.dataset_type === "pep" ? "warning" : "secondary"}>{typeKey ? t(typeKey) : dataset.dataset_type}</Badge>
          </Detail>
          <Detail label={t("sanctions.field.format")}>
            <span className="font-mono text-xs break-all">{dataset.format}</span>
          </Detail>
          <Detail label={t("sanctions.field.frequency")}>
            {t("sanctions.everyHours", { hours: dataset.download_frequency })}
            {!dataset.auto_download && <span className="block text-xs text-muted-foreground">{t("sanctions.autoDownloadOff")}</span>}
          </Detail>
          <Detail label={t("sanctions.field.lastDownload")}>
            {dataset.last_download_at ? (
              <time dateTime={dataset.last_download_at}>{dateTime(dataset.last_download_at)}</time>
            ) : (
              <span className="text-muted-foreground">{t("sanctions.never")}</span>
            )}
          </Detail>
          <Detail label={t("sanctions.field.size")}>
            {dataset.last_download_size != null ? (
              <span className="tabular-nums">{formatBytes(dataset.last_download_size)}</span>
            ) : (
              <span className="text-muted-foreground">{t("sanctions.notAvailable")}</span>
            )}
          </Detail>
        </dl>

        {dataset.last_download_status === "failed" && dataset.last_download_error && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive dark:bg-destructive/10"
          >
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            <div className="grid min-w-0 gap-1">
              <p className="[overflow-wrap:anywhere]">
                <span className="font-medium">{t("sanctions.lastError")}: </span>
                {dataset.last_download_error}
              </p>
              {/* The failed attempt changed nothing: say which version is still searched, and how old it is. */}
              <p className="text-foreground" data-testid="dataset-in-use">
                {inUse ? t("sanctions.inUse", { date: dateTime(inUse.version_date), age: age(inUse.version_date) }) : t("sanctions.inUseNone")}
              </p>
            </div>
          </div>
        )}

        <section aria-labelledby={versionsId} className="grid gap-2">
          <h4 id={versionsId} className="text-sm font-medium">
            {t("sanctions.versions")}
          </h4>
          {versions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("sanctions.noVersions")}</p>
          ) : (
            <ul className="grid divide-y rounded-md border text-sm" data-testid="dataset-versions">
              {versions.map((version) => (
                <VersionRow key={version.id} version={version} />
              ))}
            </ul>
          )}
        </section>

        {canDownload && (
          <div className="flex flex-wrap justify-end gap-2">
            <UploadDatasetButton dataset={dataset} disabled={downloading || downloadAllPending} />
            <Button
              variant="outline"
              size="sm"
              disabled={downloading || downloadAllPending}
              onClick={() => download.mutate(dataset.id)}
              aria-label={`${t("sanctions.downloadNow")}: ${dataset.source_name}`}
            >
              {downloading ? <Loader2Icon className="animate-spin" aria-hidden /> : <DownloadIcon aria-hidden />}
              {downloading ? t("sanctions.downloading") : t("sanctions.downloadNow")}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function VersionRow({ version }: { version: DatasetVersionView }) {
  const { t } = useTranslation();
  const { number, date, dateTime } = useFormatters();
  const formatBytes = useFormatBytes();
  // The publisher's own date, beside the import time, when the files carry one (a day alone, or a moment).
  const published = version.published_at;
  const retentionKey = version.retention_reason ? RETENTION_KEYS[version.retention_reason] : undefined;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2" data-testid="dataset-version">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <time dateTime={version.version_date} className="font-medium" title={t("sanctions.version.importedTitle")}>
          {dateTime(version.version_date)}
        </time>
        {published && (
          <span className="text-muted-foreground" data-testid="dataset-version-published">
            {t("sanctions.version.published")} <time dateTime={published}>{published.length === 10 ? date(`${published}T00:00:00`) : dateTime(published)}</time>
          </span>
        )}
        {version.is_current && <Badge variant="default">{t("sanctions.current")}</Badge>}
        {retentionKey && <Badge variant="outline">{t(retentionKey)}</Badge>}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground tabular-nums">
        <span>
          {version.entity_count != null
            ? t("sanctions.entityCount", { count: version.entity_count, formatted: number(version.entity_count) })
            : t("sanctions.notAvailable")}
        </span>
        <span>{version.file_size != null ? formatBytes(version.file_size) : t("sanctions.notAvailable")}</span>
      </div>
    </li>
  );
}
