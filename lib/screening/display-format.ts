/**
 * Values as people read them, in a language: days, countries. Shared by the web app, the exports and the summary;
 * the stored values stay raw (ISO dates, country codes) for the API. Only the Intl API: the web bundle includes this.
 */
import { currentCountryCode } from "../country-codes.ts";

/** A list version or article date: a day in the language when the value is one, else the text as published. */
export function formatDay(value: string | null | undefined, language: string): string {
  if (!value) return "";
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/**
 * "us" or "US" as the country's name in the language; a withdrawn code ("YU", "SU") as the current country's ("Serbia",
 * "Russia"); a name ("Russia") or an unknown code stays as it is.
 */
export function formatCountry(value: string, language: string): string {
  const v = value.trim();
  if (!/^[a-z]{2}$/i.test(v)) return v;
  try {
    const name = new Intl.DisplayNames([language], { type: "region", fallback: "none" }).of(currentCountryCode(v) ?? v.toUpperCase());
    return name ?? v.toUpperCase();
  } catch {
    return v.toUpperCase();
  }
}

export function formatCountries(values: readonly string[], language: string): string {
  return values.map((v) => formatCountry(v, language)).join(", ");
}

/** A language code ("de") as its name in the display language ("German", "Deutsch"). */
export function formatLanguage(value: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "language", fallback: "none" }).of(value) ?? value;
  } catch {
    return value;
  }
}

export function formatPercent(score: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(score);
}
