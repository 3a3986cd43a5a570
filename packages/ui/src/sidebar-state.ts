import { atom } from "jotai";

/** Sidebar constants: open or collapsed is kept 7 days in a cookie; Ctrl or Cmd plus B toggles it. */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";

function readSidebarCookie(): boolean {
  if (typeof document === "undefined") return true;
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  return match ? match.slice(SIDEBAR_COOKIE_NAME.length + 1) !== "false" : true;
}

const sidebarOpenBaseAtom = atom(readSidebarCookie());

/** Whether the desktop sidebar is expanded; every change is written to the sidebar_state cookie for 7 days. */
export const sidebarOpenAtom = atom(
  (get) => get(sidebarOpenBaseAtom),
  (_get, set, open: boolean) => {
    set(sidebarOpenBaseAtom, open);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers; the value is a fixed name and a boolean
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
  },
);

/** Whether the mobile slide-in sheet is open (not persisted). */
export const sidebarOpenMobileAtom = atom(false);
