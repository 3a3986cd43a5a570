import type { Decision, DecisionReason, DecisionState, HitKind, NoteKind, ReviewSource, ReviewStatus } from "../../../lib/review/contract.ts";

/** The words of `duecheck review`. */
export interface ReviewCliText {
  statuses: Record<ReviewStatus, string>;
  decisions: Record<Decision, string>;
  reasons: Record<DecisionReason, string>;
  states: Record<DecisionState, string>;
  kinds: Record<HitKind, string>;
  sources: Record<ReviewSource, string>;
  noteKinds: Record<NoteKind, string>;
  /** --status, --risk, --source or --assignee that the queue does not know. */
  filterInvalid: (option: string, value: string, allowed: readonly string[]) => string;
  olderThanInvalid: (value: string) => string;
  asInvalid: (value: string) => string;
  queueTitle: (total: number) => string;
  queueColumns: {
    date: string;
    name: string;
    type: string;
    risk: string;
    source: string;
    status: string;
    openHits: string;
    awaitingApproval: string;
    owner: string;
    assignee: string;
    id: string;
  };
  queueEmpty: string;
  more: (command: string) => string;
  /** The head of `review show`: the search and its review status. */
  showTitle: (term: string, type: string, status: string, openHits: number) => string;
  fourEyesOn: string;
  hitColumns: { id: string; kind: string; hit: string; decision: string; reason: string; state: string; by: string };
  hitsEmpty: string;
  clearedHit: string;
  notesTitle: string;
  notesEmpty: string;
  noteLine: (when: string, author: string, kind: string, text: string) => string;
  decided: (hit: string, decision: string, reason: string) => string;
  proposed: (hit: string, decision: string, reason: string, approveCommand: string) => string;
  statusNow: (status: string, openHits: number) => string;
  decisionId: (id: string) => string;
  remembered: string;
  approved: (hit: string, decision: string) => string;
  rejected: (hit: string, decision: string) => string;
  noteAdded: (term: string) => string;
  clearancesTitle: (total: number, all: boolean) => string;
  clearanceColumns: { subject: string; listing: string; kind: string; reason: string; decidedBy: string; decidedAt: string; revoked: string; id: string };
  clearancesEmpty: string;
  revokeNeedsReason: string;
  revoked: (subject: string, listing: string) => string;
}
