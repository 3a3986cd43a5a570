import { useTranslation } from "react-i18next";

/** Prices in the profile language: package prices in whole dollars, charged amounts in cents, per-credit prices. */
export function useMoney() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const currencyFormat = (currency: string, digits?: { min: number; max: number }) =>
    new Intl.NumberFormat(locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      ...(digits && { minimumFractionDigits: digits.min, maximumFractionDigits: digits.max }),
    });
  return {
    /** Minor units (cents) of the currency, as Stripe counts them. */
    cents: (amount: number, currency: string) => currencyFormat(currency).format(amount / 100),
    /** A per-credit price: up to three decimals, so 0.218 and 0.199 stay apart. */
    perCredit: (value: number, currency: string) => currencyFormat(currency, { min: 2, max: 3 }).format(value),
  };
}
