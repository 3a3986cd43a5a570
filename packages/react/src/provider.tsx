import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { type DuecheckTransport, type Fetcher, publicApiTransport } from "./api/transport.ts";
import { DuecheckContext } from "./context.ts";
import { createDuecheckI18n, type DuecheckLanguage, isLanguage, loadLanguage, type TranslationOverrides } from "./i18n/create-i18n.ts";

export type DuecheckTheme = "light" | "dark" | "system";

export interface DuecheckProviderProps {
  /** The duecheck server, e.g. https://duecheck.example.com (with `token`). */
  baseUrl?: string;
  /** An embed token from POST /api/v1/embed-tokens, asked for by your backend with its API key. */
  token?: string;
  /** Instead of baseUrl and token: how the components reach the server (the duecheck app passes its session's). */
  transport?: DuecheckTransport;
  /** With baseUrl and token: the fetch the calls go through (default: window.fetch). */
  fetcher?: Fetcher;
  /** en (default), de, es or fr. */
  language?: DuecheckLanguage;
  theme?: DuecheckTheme;
  /** Words to replace, e.g. { en: { "search.run": "Screen" } }. */
  translations?: TranslationOverrides;
  /** Your own i18next instance instead of the package's (then `language` and `translations` are yours to set). */
  i18n?: I18n;
  /** Your own query client instead of the package's. */
  queryClient?: QueryClient;
  children: ReactNode;
}

function useSystemDark(enabled: boolean) {
  const [dark, setDark] = useState(() => enabled && typeof matchMedia !== "undefined" && matchMedia("(prefers-color-scheme: dark)").matches);
  useEffect(() => {
    if (!enabled || typeof matchMedia === "undefined") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const update = () => setDark(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [enabled]);
  return dark;
}

/**
 * Gives the duecheck components their server, words and theme. Needs nothing of the host: no router, no query client
 * (it has its own), no global CSS (each component renders in its own shadow root).
 */
export function DuecheckProvider({
  baseUrl,
  token,
  transport,
  fetcher,
  language = "en",
  theme = "light",
  translations,
  i18n,
  queryClient,
  children,
}: DuecheckProviderProps) {
  if (!transport && (!baseUrl || !token)) throw new Error("<DuecheckProvider> needs baseUrl and token (or a transport)");
  const resolvedTransport = useMemo(
    () => transport ?? publicApiTransport({ baseUrl: baseUrl!, token: token!, ...(fetcher ? { fetcher } : {}) }),
    [transport, baseUrl, token, fetcher],
  );
  const [ownClient] = useState(() => queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  const lng = isLanguage(language) ? language : "en";
  const translationsKey = JSON.stringify(translations ?? {});
  // The overrides are compared by value (a host may pass a new object on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the overrides are compared by value (translationsKey), not by object identity
  const ownI18n = useMemo(() => (i18n ? null : createDuecheckI18n(translations)), [i18n, translationsKey]);
  // Another language's words arrive as a chunk: the components wait for them rather than flash English.
  const [shownLanguage, setShownLanguage] = useState<string | null>(ownI18n ? null : lng);
  // biome-ignore lint/correctness/useExhaustiveDependencies: translations reach the effect through ownI18n, which changes when their value does
  useEffect(() => {
    if (!ownI18n) return;
    let current = true;
    void loadLanguage(ownI18n, lng, translations)
      .catch(() => undefined)
      .then(() => current && setShownLanguage(lng));
    return () => {
      current = false;
    };
  }, [ownI18n, lng]);
  const systemDark = useSystemDark(theme === "system");
  const themeClass = theme === "dark" || (theme === "system" && systemDark) ? "dark" : "";
  const value = useMemo(() => ({ transport: resolvedTransport, themeClass, isolated: true }), [resolvedTransport, themeClass]);
  return (
    <QueryClientProvider client={ownClient}>
      <I18nextProvider i18n={i18n ?? ownI18n!}>
        <DuecheckContext.Provider value={value}>{shownLanguage === null ? null : children}</DuecheckContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
