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
import type { CaseEventView, CaseView } from "../contract.ts";
import { eventDetail as detailOf } from "../event-detail.ts";

export { knownNames } from "../event-detail.ts";

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

/** What a timeline entry adds to its kind, in the report's words (lib/cases/event-detail.ts). */
export const eventDetail = (event: CaseEventView, names: Map<string, string>, { c }: Words) => detailOf(event, names, c, "—");

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
