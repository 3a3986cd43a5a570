/** The words of `duecheck monitor`. */
export interface MonitorCliText {
  added: (name: string, type: string, frequency: string, email: string, id: string) => string;
  already: (name: string) => string;
  /** The same subject (normalised name and details) under another spelling. */
  alreadySubject: (name: string) => string;
  /** `monitor remove-variants`: a group as "kept <- variants", and the total. */
  variantGroup: (kept: string, variants: string) => string;
  variantsToRemove: (count: number) => string;
  variantsRemoved: (count: number) => string;
  notFound: (id: string) => string;
  paused: (name: string) => string;
  resumed: (name: string) => string;
  removed: (name: string) => string;
  changesInvalid: (value: string) => string;
  riskInvalid: (value: string) => string;
  reviewInvalid: (value: string) => string;
  /** The risk column of an entity without a complete check, and the word beside a level kept from the check before. */
  checkStates: Record<"not_checked" | "running" | "failed", string>;
  /** Hits of the last complete check nobody decided yet, beside its review status. */
  toDecide: (count: number) => string;
  acknowledged: (name: string) => string;
  dismissed: (name: string) => string;
  noOpenAlert: (name: string) => string;
  decideHitsFirst: (name: string, count: number, searchId: string) => string;
  escalatedFirst: (name: string) => string;
  dismissNeedsAdmin: (email: string) => string;
  frequencies: Record<"daily" | "weekly" | "monthly", string>;
  statuses: Record<"active" | "paused", string>;
  waitingForCredits: string;
  sources: Record<"manual" | "search", string>;
  columns: {
    name: string;
    type: string;
    frequency: string;
    status: string;
    risk: string;
    review: string;
    lastChecked: string;
    nextCheck: string;
    changes: string;
    source: string;
    id: string;
  };
  newChanges: string;
  empty: string;
  title: (email: string, counts: { all: number; withChanges: number; noChanges: number }) => string;
  /** monitor list --team: the entities of the user's team they may read. */
  teamTitle: (email: string, counts: { all: number; withChanges: number; noChanges: number }) => string;
  more: (command: string) => string;
  /** Entities a new list version newly matched, made due by this scan. */
  listUpdates: (count: number) => string;
  scanned: (p: { started: number; waitingForCredits: number; recorded: number }) => string;
  working: (count: number) => string;
  finished: (checked: number, changed: number) => string;
  changedLine: (name: string, summary: string, id: string) => string;
  noChanges: (name: string) => string;
  changesTitle: (name: string, checkedAt: string) => string;
  addedMatches: string;
  removedMatches: string;
  newMedia: string;
  notChecked: string;
  comparedWith: (searchId: string | null, current: string) => string;
}
