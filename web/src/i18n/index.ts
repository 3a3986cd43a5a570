import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type Language } from "../../../lib/auth/schemas.ts";
import { de, en, es, fr } from "./words.ts";

/**
 * Interface languages: English, German, Spanish and French. Keys are flat strings: UI texts use dotted names such as
 * "login.title", and validation or server messages use the English message itself as the key, so the key
 * and namespace separators are turned off. A missing key falls back to English, then to the key itself. The words
 * come from three places (./words.ts): the app's screens, the screens shared with @duecheck/react, the server's messages.
 */
export const resources = {
  en: { translation: en },
  de: { translation: de },
  es: { translation: es },
  fr: { translation: fr },
} as const;

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: "en",
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = lng;
});

export default i18n;
