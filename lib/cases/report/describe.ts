/**
 * The words both of a case report's files (PDF and Excel) use for the same facts: the subject's details, a timeline
 * entry, a decision, a verification and a removed attachment. Written once, so the two files never tell them apart.
 */

import type { SearchVerification } from "../../records/verify-contract.ts";
import { describeIdentifiers } from "../../reports/explanation.ts";
import { formatCountry, formatDay } from "../../reports/format.ts";
import type { ReportLabels } from "../../reports/i18n.ts";
import type { HitDecisionView } from "../../review/contract.ts";
import type { ReportLanguage } from "../../screening/summary/phrasebook.ts";
import type { CaseEventView, CaseOutcome, CasePriority, CaseStatus, CaseView } from "../contract.ts";
import type { CaseReportLabels } from "./labels/index.ts";
import type { CaseReportAttachment } from "./read.ts";

const dateTimes = new Map<ReportLanguage, Intl.DateTimeFormat>();

/**
 * Date and time in UTC, as every report writes them (lib/reports/format.ts), with one formatter per language: a case's
 * report writes hundreds of times, and making a formatter is what costs.
 */
export function formatDateTime(value: Date | string, language: ReportLanguage): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
    dateTimes.set(language, format);
  }
  return `${format.format(date)} UTC`;
}

export interface Words {
  language: ReportLanguage;
  /** The case report's own words. */
  c: CaseReportLabels;
  /** The words every report shares. */
  r: ReportLabels;
}

/** The subject's birth date, nationality and identifiers, as label and value pairs (none when not given). */
export function subjectDetails(view: CaseView, { language, c, r }: Words): [string, string][] {
  const d = view.subject.details;
  if (!d) return [];
  const out: [string, string][] = [];
  if (d.birthDate) out.push([r.birthDate, formatDay(d.birthDate, language)]);
  if (d.nationality) out.push([r.nationality, formatCountry(d.nationality, language)]);
  if (d.identifiers?.length) out.push([c.identifiers, describeIdentifiers(d.identifiers, language)]);
  return out;
}

export const outcomeText = (view: Pick<CaseView, "outcome">, { c }: Words) => (view.outcome ? c.outcomes[view.outcome] : c.noOutcome);

export function statusText(view: Pick<CaseView, "status" | "escalatedAt">, { c }: Words): string {
  const status = c.statuses[view.status];
  return view.escalatedAt ? `${status} · ${c.escalatedAt}` : status;
}

export function dueText(view: Pick<CaseView, "dueAt" | "overdue">, { c, language }: Words): string {
  const due = formatDateTime(view.dueAt, language);
  return view.overdue ? `${due} (${c.overdue})` : due;
}

export const eventKindText = (kind: string, { c }: Words) => c.events[kind] ?? kind.replaceAll("_", " ");

/** What the lib writes in a timeline entry's details, as far as a report shows it. */
interface EventDetails {
  priority?: CasePriority;
  searchTerm?: string;
  reason?: string | null;
  text?: string;
  auto?: boolean;
  fileName?: string;
  size?: number;
  sha256?: string;
  before?: { status?: CaseStatus; priority?: CasePriority };
  after?: { status?: CaseStatus; outcome?: CaseOutcome | null; assignee?: string | null; priority?: CasePriority };
}

/** What a timeline entry adds to its kind, in words: names are those the case knows (else the user id). */
export function eventDetail(event: CaseEventView, names: Map<string, string>, { c }: Words): string {
  const d = event.details as EventDetails;
  const status = (x: CaseStatus | undefined) => (x ? c.statuses[x] : "—");
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
      parts.push(c.assignedTo(to ? (names.get(to) ?? to) : c.nobody));
      if (d.auto) parts.push(c.automatically);
      break;
    }
    case "note":
      if (d.text) parts.push(d.text);
      break;
    case "priority_raised":
      parts.push(c.moved(d.before?.priority ? c.priorities[d.before.priority] : "—", d.after?.priority ? c.priorities[d.after.priority] : "—"));
      break;
    case "attachment_added":
    case "attachment_removed":
      // The name and the checksum, which the timeline keeps after a removal.
      if (d.fileName) parts.push(d.fileName);
      if (d.sha256) parts.push(`SHA-256 ${d.sha256}`);
      break;
    default:
      if (typeof d.text === "string") parts.push(d.text);
  }
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

/** A decision in one line: what, why, its state, and the explanation given. */
export function decisionText(d: HitDecisionView, { r }: Words): string {
  const w = r.review;
  const base = `${w.decisions[d.decision]} · ${w.reason}: ${w.reasons[d.reason]} · ${w.state}: ${w.states[d.state]}`;
  return d.text ? `${base} · ${w.text}: ${d.text}` : base;
}

/** Who decided and when; who approved or rejected it and when, under four eyes. */
export function decidedByText(d: HitDecisionView, { r, language }: Words): string {
  const by = `${d.decidedBy ?? "—"}, ${formatDateTime(d.decidedAt, language)}`;
  return d.reviewedAt ? `${by} · ${r.review.reviewedBy}: ${d.reviewedBy ?? "—"}, ${formatDateTime(d.reviewedAt, language)}` : by;
}

export const reviewerText = (d: HitDecisionView) => (d.reviewedAt ? (d.reviewedBy ?? "—") : (d.decidedBy ?? "—"));

/** The verification's result: its outcome, and why it could not be made. */
export function verifyText(v: SearchVerification, { c }: Words): string {
  const outcome = c.verifyOutcomes[v.outcome];
  return v.reason ? `${outcome}: ${c.verifyReasons[v.reason]}` : outcome;
}

export const differencesText = (v: SearchVerification, { c }: Words): string[] => v.differences.map((d) => c.difference(d));

/** "Kept", or when, by whom and why it was removed (its bytes are gone; its checksum stays). */
export function attachmentState(x: CaseReportAttachment, { c, language }: Words): string {
  if (!x.removedAt) return c.kept;
  return c.removed(formatDateTime(x.removedAt, language), x.removedBy ?? "—", x.removedReason ?? "—");
}
