import { DownloadsOfflineNotice } from "@duecheck/react/views/sanctions/list-states";
import { Button } from "@duecheck/ui/button";
import { Card, CardContent, CardHeader } from "@duecheck/ui/card";
import { Skeleton } from "@duecheck/ui/skeleton";
import { cn } from "@duecheck/ui/utils";
import { DatabaseIcon, DownloadCloudIcon, Loader2Icon, PlusIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../auth/use-current-user";
import { AddDatasetDialog } from "./add-dataset-dialog";
import { DatasetCard } from "./dataset-card";
import { useDatasets, useDownloadAll, useSanctionsStatus } from "./use-sanctions";

/** Datasets tab: every configured list with its download state and kept versions. */
export function DatasetsTab() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const datasets = useDatasets();
  const status = useSanctionsStatus();
  const downloadAll = useDownloadAll();
  const [adding, setAdding] = useState(false);
  // The server lets only admins add and download (403 for others), so only admins get the buttons.
  const isAdmin = user?.role === "admin";
  const list = datasets.data ?? [];

  return (
    <div className="grid gap-4">
      <DownloadsOfflineNotice offline={status.data?.offline} adminSteps={isAdmin} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {datasets.data ? t("sanctions.datasetCount", { count: list.length }) : t("sanctions.datasetsIntro")}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void datasets.refetch()} disabled={datasets.isFetching}>
            <RefreshCwIcon className={cn(datasets.isFetching && "animate-spin")} aria-hidden />
            {t("sanctions.refresh")}
          </Button>
          {isAdmin && (
            <Button variant="outline" onClick={() => setAdding(true)}>
              <PlusIcon aria-hidden />
              {t("sanctions.add.button")}
            </Button>
          )}
          {isAdmin && (
            <Button onClick={() => downloadAll.mutate()} disabled={downloadAll.isPending || list.length === 0}>
              {downloadAll.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <DownloadCloudIcon aria-hidden />}
              {downloadAll.isPending ? t("sanctions.downloadingAll") : t("sanctions.downloadAll")}
            </Button>
          )}
        </div>
      </div>

      {datasets.isLoading && (
        <div className="grid gap-4 xl:grid-cols-2" aria-busy="true">
          {[0, 1].map((i) => (
            <Card key={i}>
              <CardHeader>
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-3/4" />
              </CardHeader>
              <CardContent className="grid gap-3">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-16 w-full" />
              </CardContent>
            </Card>
          ))}
        </div>
      )}

      {datasets.isError && (
        <p role="alert" className="rounded-md border border-destructive/40 px-4 py-3 text-sm text-destructive">
          {t("sanctions.loadFailed")}
        </p>
      )}

      {datasets.data &&
        (list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
            <DatabaseIcon className="size-8" aria-hidden />
            <p>{t("sanctions.noDatasets")}</p>
          </div>
        ) : (
          <div className="grid items-start gap-4 xl:grid-cols-2">
            {list.map((dataset) => (
              <DatasetCard key={dataset.id} dataset={dataset} canDownload={isAdmin} downloadAllPending={downloadAll.isPending} />
            ))}
          </div>
        ))}

      {isAdmin && <AddDatasetDialog open={adding} onOpenChange={setAdding} />}
    </div>
  );
}
