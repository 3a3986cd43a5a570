import englishMessages from "@lib/i18n/en.json";
import { createInstance, type i18n as I18n } from "i18next";
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import englishWords from "./words/en.json";

export const LANGUAGES = ["en", "de", "es", "fr"] as const;
export type DuecheckLanguage = (typeof LANGUAGES)[number];

/** Words to replace, by language and key (the keys of packages/react/src/i18n, its words/ and lib/i18n). */
export type TranslationOverrides = Partial<Record<DuecheckLanguage, Record<string, string>>>;

const OWN: Record<DuecheckLanguage, Record<string, string>> = { en, de, es, fr };

/**
 * The words of the screens the components share with the app (./words, which the app takes from here too) and the
 * server's messages (lib/i18n, English sentences as keys). English is bundled; each other language is one chunk
 * (./languages/<language>.ts), loaded when a provider asks for the language.
 */
const english: Record<string, string> = { ...englishMessages, ...englishWords };
const LOADERS: Record<Exclude<DuecheckLanguage, "en">, () => Promise<{ default: Record<string, string> }>> = {
  de: () => import("./languages/de.ts"),
  es: () => import("./languages/es.ts"),
  fr: () => import("./languages/fr.ts"),
};

export function isLanguage(value: unknown): value is DuecheckLanguage {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The components' own i18next instance (never the host's): the words of the screens they share with the app and the
 * server's messages, the package's own, then the host's overrides. Same flat keys and options as web/src/i18n/index.ts. English is there at
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
