import { createContext, useContext } from "react";

/**
 * Where popovers, menus, tooltips and dialogs put their content. Unset (the app): document.body, Radix's default.
 * Set by the embeddable package (packages/react) to a node inside its shadow root, so the content keeps the
 * package's styles and none of the host page's.
 */
export const PortalContainerContext = createContext<HTMLElement | null>(null);

export function usePortalContainer(): HTMLElement | undefined {
  return useContext(PortalContainerContext) ?? undefined;
}
