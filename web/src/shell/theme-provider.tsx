import { useAtomValue } from "jotai";
import type * as React from "react";
import { useEffect } from "react";
import { themeAtom } from "./theme-state";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** Puts the class "light" or "dark" on <html>, following the system setting when the theme is "system". */
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const theme = useAtomValue(themeAtom);

  useEffect(() => {
    const root = document.documentElement;
    const apply = () => {
      const resolved = theme === "system" ? (window.matchMedia(DARK_QUERY).matches ? "dark" : "light") : theme;
      root.classList.remove("light", "dark");
      root.classList.add(resolved);
    };
    apply();
    if (theme !== "system") return;
    const mql = window.matchMedia(DARK_QUERY);
    mql.addEventListener("change", apply);
    return () => mql.removeEventListener("change", apply);
  }, [theme]);

  return children;
}
