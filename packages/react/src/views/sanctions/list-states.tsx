import { Alert, AlertDescription, AlertTitle } from "@duecheck/ui/alert";
import type { DownloadsOffline, ListState, ListStatesAnswer } from "@lib/sanctions/contract.ts";
import { DatabaseIcon, WifiOffIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFormatters } from "../format";
import { useFormatAge } from "./format";

const unavailable = (lists: ListState[]) => lists.filter((l) => l.version_date === null);

/** The title for lists without data: all of them downloading, none at all, or some. */
function titleOf(lists: ListState[], t: (key: string, options?: Record<string, unknown>) => string) {
  const missing = unavailable(lists);
  if (missing.length < lists.length) return t("sanctions.lists.title.some", { count: missing.length });
  return missing.some((l) => l.last_download_status === "downloading") ? t("sanctions.lists.title.downloading") : t("sanctions.lists.title.none");
}

/** Which lists have no data, grouped by why: downloading now, last download failed, never downloaded. */
function UnavailableLists({ lists }: { lists: ListState[] }) {
  const { t } = useTranslation();
  const missing = unavailable(lists);
  const names = (match: (l: ListState) => boolean) =>
    missing
      .filter(match)
      .map((l) => l.source_name)
      .join(", ");
  const groups = [
    ["sanctions.lists.downloading", names((l) => l.last_download_status === "downloading")],
    ["sanctions.lists.failed", names((l) => l.last_download_status === "failed")],
    ["sanctions.lists.never", names((l) => l.last_download_status !== "downloading" && l.last_download_status !== "failed")],
  ].filter(([, list]) => list);
  return (
    <>
      {groups.map(([key, list]) => (
        <p key={key}>{t(key, { names: list })}</p>
      ))}
      <p>{t("sanctions.lists.consequence")}</p>
    </>
  );
}

/**
 * The downloads cannot reach the network (a site without internet): said once. An instance admin, who can act, reads
 * the two ways forward (import a list's files, or disable the lists not needed: the CLI command and the Sanctions
 * page) and when the next automatic try comes. Everyone else reads one line naming the lists and to ask their
 * administrator: they can do neither, and nothing tells an admin on their behalf, so the line does not claim it.
 */
export function DownloadsOfflineNotice({ offline, adminSteps = false }: { offline: DownloadsOffline | null | undefined; adminSteps?: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  if (!offline) return null;
  const names = offline.lists.map((l) => l.source_name).join(", ");
  return (
    <Alert variant="warning" data-testid="downloads-offline">
      <WifiOffIcon aria-hidden />
      <AlertTitle className="line-clamp-none">{t("sanctions.offline.title")}</AlertTitle>
      {adminSteps ? (
        <AlertDescription>
          <p>{t("sanctions.offline.description", { names })}</p>
          <p>{t("sanctions.offline.waysForward")}</p>
          {offline.next_attempt_at && <p>{t("sanctions.offline.nextTry", { date: dateTime(offline.next_attempt_at) })}</p>}
        </AlertDescription>
      ) : (
        <AlertDescription>
          <p>{t("sanctions.offline.askAdmin", { names })}</p>
        </AlertDescription>
      )}
    </Alert>
  );
}

/**
 * Shown above a search form while some of the enabled lists have no data (a fresh install downloads them at start),
 * or while the downloads cannot reach the network; the lists an admin disabled are named, never counted as missing.
 * `adminSteps`: the reader is an instance admin, shown how to fix it (see DownloadsOfflineNotice).
 */
export function SanctionsDataNotice({
  lists,
  offline,
  disabled,
  adminSteps = false,
}: { lists: ListState[]; adminSteps?: boolean } & Pick<ListStatesAnswer, "offline" | "disabled">) {
  const { t } = useTranslation();
  const missing = unavailable(lists).length > 0;
  if (!missing && !offline) return null;
  return (
    <>
      <DownloadsOfflineNotice offline={offline} adminSteps={adminSteps} />
      {missing && (
        <Alert variant="warning" data-testid="sanctions-data-notice">
          <DatabaseIcon aria-hidden />
          <AlertTitle className="line-clamp-none">{titleOf(lists, t)}</AlertTitle>
          <AlertDescription>
            <UnavailableLists lists={lists} />
            {disabled?.length ? <p>{t("sanctions.lists.disabled", { names: disabled.map((d) => d.source_name).join(", ") })}</p> : null}
          </AlertDescription>
        </Alert>
      )}
    </>
  );
}

/** A search that had no list to search: why, in the page (not only in a toast), list by list. */
export function NoSanctionsData({ lists, fallback }: { lists: ListState[] | undefined; fallback: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="warning" data-testid="sanctions-no-data">
      <DatabaseIcon aria-hidden />
      <AlertTitle className="line-clamp-none">{lists?.length ? titleOf(lists, t) : fallback}</AlertTitle>
      {lists?.length ? (
        <AlertDescription>
          <UnavailableLists lists={lists} />
        </AlertDescription>
      ) : null}
    </Alert>
  );
}

/** Under a search's results: the lists searched with the date and age of each version, then those without data. */
export function SearchedLists({ lists }: { lists: ListState[] }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const age = useFormatAge();
  const searched = lists.filter((l) => l.version_date !== null);
  const missing = unavailable(lists);
  const state = (l: ListState) =>
    t(
      l.last_download_status === "downloading"
        ? "sanctions.lists.state.downloading"
        : l.last_download_status === "failed"
          ? "sanctions.lists.state.failed"
          : "sanctions.lists.state.never",
    );
  return (
    <dl className="grid gap-1 text-xs text-muted-foreground" data-testid="sanctions-searched-lists">
      <dt className="font-medium text-foreground">{t("sanctions.lists.searched")}</dt>
      {searched.map((l) => (
        <dd key={l.id}>
          {l.source_name}:{" "}
          <time dateTime={l.version_date!}>{t("sanctions.lists.versionOf", { date: dateTime(l.version_date!), age: age(l.version_date!) })}</time>
        </dd>
      ))}
      {missing.length > 0 && (
        <>
          <dt className="mt-1 font-medium text-foreground">{t("sanctions.lists.notSearched")}</dt>
          {missing.map((l) => (
            <dd key={l.id}>
              {l.source_name}: {state(l)}
            </dd>
          ))}
        </>
      )}
    </dl>
  );
}
