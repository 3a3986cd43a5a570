import type { CaseEventKind, CaseOutcome, CasePriority, CaseStatus } from "../../../lib/cases/contract.ts";

/** The words of `duecheck cases`. */
export interface CasesCliText {
  statuses: Record<CaseStatus, string>;
  outcomes: Record<CaseOutcome, string>;
  priorities: Record<CasePriority, string>;
  events: Record<CaseEventKind, string>;
  /** An option's value the command does not know: --status, --priority, --source, --outcome. */
  optionInvalid: (option: string, value: string, allowed: readonly string[]) => string;
  listTitle: (total: number) => string;
  listColumns: {
    opened: string;
    subject: string;
    priority: string;
    status: string;
    assignee: string;
    due: string;
    openHits: string;
    searches: string;
    id: string;
  };
  listEmpty: string;
  /** `cases summary`: the reader's and the team's open cases, counted. */
  summary: { mine: (open: number, overdue: number) => string; team: (open: number, overdue: number, unassigned: number, escalated: number) => string };
  more: (command: string) => string;
  /** The due date, with the overdue mark when the case is past it and not closed. */
  due: (when: string, overdue: boolean) => string;
  /** A status, with the escalation mark while reviewers have not taken it. */
  status: (status: string, escalated: boolean) => string;
  fields: {
    id: string;
    title: string;
    subject: string;
    status: string;
    outcome: string;
    priority: string;
    assignee: string;
    due: string;
    opened: string;
    closed: string;
    openHits: string;
    tags: string;
  };
  born: (date: string) => string;
  nationality: (country: string) => string;
  searchesTitle: string;
  searchColumns: { date: string; term: string; source: string; review: string; risk: string; openHits: string; id: string };
  searchesEmpty: string;
  notesTitle: string;
  notesEmpty: string;
  noteLine: (when: string, author: string, text: string) => string;
  timelineTitle: string;
  /** Who did what the system did (a screening joining, auto-assignment, a new hit reopening). */
  system: string;
  eventLine: (when: string, actor: string, what: string, detail: string) => string;
  /** What an entry of the timeline adds to its kind. */
  moved: (from: string, to: string) => string;
  reason: (text: string) => string;
  assignedTo: (name: string) => string;
  automatically: string;
  nobody: string;
  /** After a change. */
  assigned: (title: string, assignee: string) => string;
  handedBack: (title: string) => string;
  closed: (title: string, outcome: string) => string;
  reopened: (title: string, status: string) => string;
  caseId: (id: string) => string;
}
