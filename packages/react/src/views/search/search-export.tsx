import { createContext, useContext } from "react";

export type SearchExportFormat = "pdf" | "excel";

/**
 * How the results view's export buttons get a report. Unset (the app's session): a link to the cookie API's export,
 * downloaded in this tab (the server answers an attachment; a new tab was left blank). The embeddable package sets a
 * download through its transport (an embed token cannot ride on a link), reporting a refusal in its own words.
 */
export const SearchExportContext = createContext<((searchId: string, format: SearchExportFormat) => Promise<void>) | null>(null);

export function useSearchExport() {
  return useContext(SearchExportContext);
}

/** The signed-in app's own export link of a search (same origin, by session cookie). */
export function exportUrl(id: string, format: "pdf" | "excel") {
  return `/api/searches/${encodeURIComponent(id)}/export/${format}`;
}
