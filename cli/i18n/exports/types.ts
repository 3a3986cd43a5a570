/** The words of `duecheck history export` and `duecheck monitor export`. */
export interface ExportsCliText {
  /** The file was written: `path` is absolute. */
  written: (path: string) => string;
  userAndAll: string;
}
