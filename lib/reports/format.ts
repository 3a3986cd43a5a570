import type { ReportLanguage } from "../screening/summary/phrasebook.ts";

/** Date and time in UTC, so every copy of a report reads the same wherever it is opened. */
export function formatDateTime(value: Date | string, language: ReportLanguage): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date)} UTC`;
}

/** A list version or article date: a day when the value is one, else the text as published. */
export function formatDay(value: string | null | undefined, language: ReportLanguage): string {
  if (!value) return "";
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

export function formatPercent(score: number, language: ReportLanguage): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(score);
}

export function formatCount(n: number, language: ReportLanguage): string {
  return new Intl.NumberFormat(language).format(n);
}
