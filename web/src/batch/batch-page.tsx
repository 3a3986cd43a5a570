import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { canScreen } from "../../../lib/auth/roles.ts";
import { useCurrentUser } from "../auth/use-current-user";
import { PageHeader } from "../shell/page-header";
import { BatchHistory } from "./batch-history";
import { CsvUploadCard } from "./csv-upload-card";
import { useCurrentBatchId } from "./current-batch-atom";
import { CurrentBatchCard } from "./current-batch-card";
import { isBatchRunning } from "./types";
import { type BatchScope, useBatchList } from "./use-batch-list";

export interface BatchSearch {
  scope?: BatchScope;
}

/** ?scope=team of /batch: the history lists the whole team's batches; without it, the caller's own. */
export function validateBatchSearch(search: Record<string, unknown>): BatchSearch {
  return search.scope === "team" ? { scope: "team" } : {};
}

/**
 * /batch: the CSV upload card, 'Current Batch Status' for the batch started here (or, when none was, the caller's
 * newest batch still processing, kept once shown so its end is seen) and 'Batch History', the caller's own or with
 * "Whole team" (kept in the address) every batch of the organisation they may read, each with who made it. A
 * read-only reader (an auditor) is not offered the upload: they read batches, they start none.
 */
export function BatchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { scope = "mine" } = useSearch({ strict: false }) as BatchSearch;
  const [current, setCurrent] = useCurrentBatchId();
  const list = useBatchList();
  const history = useBatchList(scope);
  const running = list.items?.find(isBatchRunning)?.id;
  useEffect(() => {
    if (!current && running) setCurrent(running);
  }, [current, running, setCurrent]);

  return (
    <div className="grid w-full grid-cols-1 gap-6">
      <PageHeader title={t("batch.title")} description={t("batch.description")} />
      {user && canScreen(user) && <CsvUploadCard />}
      {current && <CurrentBatchCard key={current} id={current} />}
      <BatchHistory
        list={history}
        team={scope === "team"}
        onTeamChange={(on) => void navigate({ to: "/batch", search: on ? { scope: "team" } : {}, replace: true })}
      />
    </div>
  );
}
