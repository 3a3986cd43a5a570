import { useTranslation } from "react-i18next";

/**
 * Days, hours and times of the report in the interface language. A report day (yyyy-MM-dd) is a calendar day, not
 * an instant: it is formatted as such (at UTC), so no timezone moves it to the day before.
 */
export function useReportFormatters() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const atUtc = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    day: (day: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(atUtc(day)),
    shortDay: (day: string) => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(atUtc(day)),
    /** An hour of the day (0-23): "1 PM", "13 h", "13 Uhr". */
    hour: (hour: number) => new Intl.DateTimeFormat(locale, { hour: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1, hour))),
    time: (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(iso)),
    percent: (value: number) => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value / 100),
    decimal: (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value),
  };
}
