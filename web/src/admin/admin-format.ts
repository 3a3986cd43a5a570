import { useTranslation } from "react-i18next";

/** US dollars in the profile language (purchase prices and revenue are kept in USD). */
export function useUsd() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: "currency", currency: "USD" });
  return (value: number) => format.format(value);
}
