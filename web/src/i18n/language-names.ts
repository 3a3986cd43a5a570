import type { Language } from "../../../lib/auth/schemas.ts";

/** Translation keys of each language's own name (shown the same in every interface language). */
export const LANGUAGE_NAME_KEYS: Record<Language, string> = {
  en: "language.en",
  de: "language.de",
  es: "language.es",
  fr: "language.fr",
};
