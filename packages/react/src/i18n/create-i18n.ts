import english from "virtual:duecheck-catalogue/en";
import { createInstance, type i18n as I18n } from "i18next";
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";

export const LANGUAGES = ["en", "de", "es", "fr"] as const;
export type DuecheckLanguage = (typeof LANGUAGES)[number];

/** Words to replace, by language and key (the keys of web/src/i18n and packages/react/src/i18n). */
export type TranslationOverrides = Partial<Record<DuecheckLanguage, Record<string, string>>>;

const OWN: Record<DuecheckLanguage, Record<string, string>> = { en, de, es, fr };

/** The app's words in the other languages: separate chunks, loaded when a provider asks for the language. */
const LOADERS: Record<Exclude<DuecheckLanguage, "en">, () => Promise<{ default: Record<string, string> }>> = {
  de: () => import("virtual:duecheck-catalogue/de"),
  es: () => import("virtual:duecheck-catalogue/es"),
  fr: () => import("virtual:duecheck-catalogue/fr"),
};

export function isLanguage(value: unknown): value is DuecheckLanguage {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The components' own i18next instance (never the host's): the app's words for the screens they share with it, the
 * package's own, then the host's overrides. Same flat keys and options as web/src/i18n/index.ts. English is there at
 * once (it is also the fallback); call loadLanguage before showing another.
 */
export function createDuecheckI18n(overrides: TranslationOverrides = {}): I18n {
  const instance = createInstance();
  void instance.init({
    resources: { en: { translation: { ...english, ...OWN.en, ...(overrides.en ?? {}) } } },
    lng: "en",
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

/** Loads a language's words (once) and switches the instance to it. */
export async function loadLanguage(instance: I18n, language: DuecheckLanguage, overrides: TranslationOverrides = {}) {
  if (language !== "en" && !instance.hasResourceBundle(language, "translation")) {
    const { default: words } = await LOADERS[language]();
    instance.addResourceBundle(language, "translation", { ...words, ...OWN[language], ...(overrides[language] ?? {}) }, true, true);
  }
  if (instance.language !== language) await instance.changeLanguage(language);
}
