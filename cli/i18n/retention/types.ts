/** The words of `duecheck admin hold` and `duecheck admin purge`. */
export interface RetentionCliText {
  holdsTitle: (count: number) => string;
  noHolds: string;
  holdSet: (id: string) => string;
  holdLifted: (id: string) => string;
  giveOneTarget: string;
  active: string;
  lifted: string;
  columns: { id: string; target: string; reason: string; set: string; state: string };
  purged: (searches: number, versions: number, held: number) => string;
  wouldPurge: (searches: number, versions: number, held: number) => string;
}
