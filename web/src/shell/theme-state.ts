import { atom } from "jotai";

export type Theme = "light" | "dark" | "system";
/** The theme is kept in localStorage under this key; without a stored one it follows the system. */
export const THEME_STORAGE_KEY = "vite-ui-theme";
export const DEFAULT_THEME: Theme = "system";

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === "light" || stored === "dark" || stored === "system") return stored;
  } catch {
    // storage unavailable: use the default
  }
  return DEFAULT_THEME;
}

const themeBaseAtom = atom<Theme>(readStoredTheme());

/** The chosen theme; writing it also stores it in localStorage. */
export const themeAtom = atom(
  (get) => get(themeBaseAtom),
  (_get, set, theme: Theme) => {
    set(themeBaseAtom, theme);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // storage unavailable: keep the choice for this page only
    }
  },
);
