/** The words of `duecheck watchlists`. */
export interface WatchlistsCliText {
  created: (id: string, name: string) => string;
  imported: (imported: number, duplicates: number, rejected: number, entries: number) => string;
  rejectedLine: (line: number, error: string) => string;
  moreRejected: (count: number) => string;
  exported: (entries: number, file: string) => string;
  modeInvalid: (value: string) => string;
  noFile: (file: string) => string;
  empty: string;
  columns: { name: string; entries: string; version: string; id: string };
}
