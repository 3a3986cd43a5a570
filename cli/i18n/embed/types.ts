/** The words of `duecheck embed`. */
export interface EmbedCliText {
  added: (origin: string) => string;
  removed: (origin: string) => string;
  notFound: (origin: string) => string;
  already: (origin: string) => string;
  full: (max: number) => string;
  columns: { origin: string; added: string };
  empty: string;
}
