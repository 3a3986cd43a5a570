import { type ListState, unavailableLists } from "../../lib/sanctions/availability.ts";
import type { CliText } from "./types.ts";

/**
 * The CLI's notice, in its language, when some lists have no data yet; null when every list can be searched.
 * `offline`: the ids of lists whose last download could not reach the network (listsFailedOffline): then the advice
 * is to import the files, since downloading again would fail the same way.
 */
export function listsMissingNotice(t: CliText, lists: ListState[], offline: string[] = []): string | null {
  const missing = unavailableLists(lists);
  if (missing.length === 0) return null;
  const names = (...statuses: ListState["last_download_status"][]) =>
    missing.filter((l) => statuses.includes(l.last_download_status)).map((l) => l.source_name);
  return t.listsMissing({
    all: missing.length === lists.length,
    missing: missing.length,
    total: lists.length,
    downloading: names("downloading"),
    failed: names("failed"),
    // a list whose last download succeeded but has no current version is, for a search, never downloaded
    never: names(null, "success"),
    offline,
  });
}
