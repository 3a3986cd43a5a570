/**
 * What a timeline entry adds to its kind, in words, for every place that writes a case's timeline as text (the CLI's
 * `cases show`, the case report): the new status and outcome, the assignee by name, the note, the file's name and
 * checksum, the tags before and after, and the reason given. Each place brings its own vocabulary in its language.
 * Pure: the browser bundles may include it.
 */
import type { CaseEventView, CaseOutcome, CasePriority, CaseStatus, CaseView } from "./contract.ts";

/** The words a timeline entry's detail is written with. */
export interface EventDetailWords {
  statuses: Record<CaseStatus, string>;
  outcomes: Record<CaseOutcome, string>;
  priorities: Record<CasePriority, string>;
  moved: (before: string, after: string) => string;
  assignedTo: (name: string) => string;
  nobody: string;
  automatically: string;
  reason: (text: string) => string;
}

/** What the lib writes in a timeline entry's details, as far as a text shows it. */
interface EventDetails {
  priority?: CasePriority;
  searchTerm?: string;
  reason?: string | null;
  text?: string;
  auto?: boolean;
  fileName?: string;
  sha256?: string;
  before?: { status?: CaseStatus; priority?: CasePriority; tags?: string[] };
  after?: { status?: CaseStatus; outcome?: CaseOutcome | null; assignee?: string | null; priority?: CasePriority; tags?: string[] };
}

/** The detail of one entry; names are those the case knows (else the user id); `none` stands for a missing value. */
export function eventDetail(event: CaseEventView, names: Map<string, string>, c: EventDetailWords, none = "-"): string {
  const d = event.details as EventDetails;
  const status = (x: CaseStatus | undefined) => (x ? c.statuses[x] : none);
  const priority = (x: CasePriority | undefined) => (x ? c.priorities[x] : none);
  const parts: string[] = [];
  switch (event.kind) {
    case "opened":
      if (d.priority) parts.push(c.priorities[d.priority]);
      break;
    case "search_added":
      if (d.searchTerm) parts.push(d.searchTerm);
      break;
    case "status_changed":
    case "reopened":
      if (d.before?.status || d.after?.status) parts.push(c.moved(status(d.before?.status), status(d.after?.status)));
      if (d.after?.outcome) parts.push(c.outcomes[d.after.outcome]);
      break;
    case "assigned": {
      const to = d.after?.assignee ?? null;
      parts.push(c.assignedTo(to ? (event.assignee?.name ?? names.get(to) ?? to) : c.nobody));
      if (d.auto) parts.push(c.automatically);
      break;
    }
    case "note":
      if (d.text) parts.push(d.text);
      break;
    case "priority_raised":
      parts.push(c.moved(priority(d.before?.priority), priority(d.after?.priority)));
      break;
    case "attachment_added":
    case "attachment_removed":
      // The name and the checksum, which the timeline keeps after a removal.
      if (d.fileName) parts.push(d.fileName);
      if (d.sha256) parts.push(`SHA-256 ${d.sha256}`);
      break;
    case "tags_changed":
      parts.push(c.moved(d.before?.tags?.join(", ") || none, d.after?.tags?.join(", ") || none));
      break;
    default:
      break;
  }
  // A note's text is its reason; any other change's reason follows what it did.
  if (typeof d.reason === "string" && d.reason && event.kind !== "note") parts.push(c.reason(d.reason));
  return parts.join("; ");
}

/** The people the case names, by user id: its assignee, the authors of its notes and who acted on its timeline. */
export function knownNames(view: CaseView): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of view.timeline) if (e.actorId && e.actor) names.set(e.actorId, e.actor);
  for (const n of view.notes) if (n.authorId && n.author) names.set(n.authorId, n.author);
  if (view.assignee) names.set(view.assignee.id, view.assignee.name);
  return names;
}
