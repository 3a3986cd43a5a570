import { useTranslation } from "react-i18next";

const UNIT_KEYS = ["sanctions.size.bytes", "sanctions.size.kb", "sanctions.size.mb", "sanctions.size.gb"] as const;

/**
 * A byte count as Bytes, KB, MB or GB (powers of 1024), rounded to at most 2 decimals,
 * in the number format and unit names of the interface language.
 */
export function formatBytes(bytes: number, locale: string, unit: (key: (typeof UNIT_KEYS)[number]) => string): string {
  const value = Math.max(0, bytes);
  const exponent = value < 1 ? 0 : Math.min(UNIT_KEYS.length - 1, Math.floor(Math.log(value) / Math.log(1024)));
  const scaled = value / 1024 ** exponent;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false }).format(Math.round(scaled * 100) / 100);
  return `${number} ${unit(UNIT_KEYS[exponent])}`;
}

export function useFormatBytes() {
  const { t, i18n } = useTranslation();
  return (bytes: number) => formatBytes(bytes, i18n.language, (key) => t(key));
}

/** A 0..1 score as a whole percentage, e.g. "92%" (the interface language decides the spacing). */
export function usePercent() {
  const { i18n } = useTranslation();
  return (score: number) => new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 }).format(Math.min(1, Math.max(0, score)));
}

/** How old a date is, in the largest fitting unit of the interface language: "5 minutes ago", "vor 3 Tagen". */
export function formatAge(iso: string, locale: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (minutes < 1) return format.format(0, "second");
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(-hours, "hour");
  return format.format(-Math.round(hours / 24), "day");
}

export function useFormatAge() {
  const { i18n } = useTranslation();
  return (iso: string) => formatAge(iso, i18n.language);
}
