import type { WatchlistsCliText } from "./types.ts";

export const en: WatchlistsCliText = {
  created: (id, name) => `Watchlist ${id} created: ${name}`,
  imported: (imported, duplicates, rejected, entries) =>
    `Imported ${imported} entries (${duplicates} already there, ${rejected} lines rejected); the watchlist holds ${entries} entries`,
  rejectedLine: (line, error) => `line ${line}: ${error}`,
  moreRejected: (count) => `... and ${count} more rejected lines`,
  exported: (entries, file) => `Exported ${entries} entries to ${file}`,
  modeInvalid: (value) => `--mode must be add or replace, got '${value}'`,
  noFile: (file) => `No such file: ${file}`,
  empty: "No watchlists yet. Make one with: duecheck watchlists create NAME --org ORGANISATION_ID",
  columns: { name: "NAME", entries: "ENTRIES", version: "VERSION", id: "ID" },
};
