import type { ReportLanguage } from "../screening/summary/phrasebook.ts";

export { formatCountries, formatCountry, formatDay, formatLanguage, formatPercent } from "../screening/display-format.ts";

/** Date and time in UTC, so every copy of a report reads the same wherever it is opened. */
export function formatDateTime(value: Date | string, language: ReportLanguage): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date)} UTC`;
}

export function formatCount(n: number, language: ReportLanguage): string {
  return new Intl.NumberFormat(language).format(n);
}
