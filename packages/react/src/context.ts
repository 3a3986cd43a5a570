import { createContext, createElement, type ReactNode, useContext } from "react";
import type { DuecheckTransport } from "./api/transport.ts";

export interface DuecheckContextValue {
  transport: DuecheckTransport;
  /** "dark" or "" for the components' root. */
  themeClass: string;
  /** Whether the components render in their own shadow roots (always, except inside the duecheck app itself). */
  isolated: boolean;
}

export const DuecheckContext = createContext<DuecheckContextValue | null>(null);

export function useDuecheck(): DuecheckContextValue {
  const value = useContext(DuecheckContext);
  if (!value) throw new Error("duecheck components must be rendered inside <DuecheckProvider>");
  return value;
}

/**
 * The duecheck app's own screens: the components over the signed-in session's transport, with the app's words,
 * query client and styles (it is the page: no shadow root).
 */
export function DuecheckAppProvider({ transport, children }: { transport: DuecheckTransport; children: ReactNode }) {
  return createElement(DuecheckContext.Provider, { value: { transport, themeClass: "", isolated: false } }, children);
}
