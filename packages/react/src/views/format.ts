import { useTranslation } from "react-i18next";

/** Locale-aware number and date formatting in the current interface language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
    date: (value: string | Date) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value)),
    dateTime: (value: string | Date) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value)),
  };
}
