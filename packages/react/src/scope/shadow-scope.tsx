import { PortalContainerContext } from "@duecheck/ui/portal-container";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useDuecheck } from "../context.ts";
import css from "../styles.css?inline";

let sharedSheet: CSSStyleSheet | null = null;

/** The compiled styles, once per page, shared by every shadow root (constructable stylesheet, else a <style>). */
function adoptStyles(shadow: ShadowRoot) {
  if ("adoptedStyleSheets" in shadow && typeof CSSStyleSheet !== "undefined" && "replaceSync" in CSSStyleSheet.prototype) {
    sharedSheet ??= (() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    })();
    shadow.adoptedStyleSheets = [sharedSheet];
    return;
  }
  const style = document.createElement("style");
  style.textContent = css;
  shadow.appendChild(style);
}

/** The class of a shadow root's mount: `.dc-root` resets every property the host page would pass down (all: initial). */
const rootClassName = (themeClass: string | undefined) => `dc-root${themeClass ? ` ${themeClass}` : ""}`;

/**
 * Renders its children inside a shadow root of its own element (<duecheck-scope>), with the package's CSS only: the
 * host page's rules do not reach inside and nothing of the package's reaches out. Popovers and menus open inside it too.
 */
export function ShadowScope({ children, name }: { children: ReactNode; name: string }) {
  const { themeClass, isolated } = useDuecheck();
  const hostRef = useRef<HTMLElement>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);

  // The mount gets its stylesheet and its class before anything renders into it: content styled for one frame without
  // them would inherit the host page's colour, font and letter-spacing, and the transitions of the package's buttons
  // and inputs would then visibly animate from the host's values to their own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mount takes the theme class once when created; the effect below keeps it current
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !isolated) return;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: "open" });
    let mount = shadow.querySelector<HTMLDivElement>(":scope > div.dc-root");
    if (!mount) {
      adoptStyles(shadow);
      mount = document.createElement("div");
      mount.className = rootClassName(themeClass);
      shadow.appendChild(mount);
    }
    setRoot(mount);
  }, [isolated]); // later theme changes: the effect below

  useLayoutEffect(() => {
    if (root) root.className = rootClassName(themeClass);
  }, [root, themeClass]);

  if (!isolated) return <>{children}</>;
  return (
    <duecheck-scope ref={hostRef} data-component={name} style={{ display: "block" }}>
      {root && createPortal(<PortalContainerContext.Provider value={root}>{children}</PortalContainerContext.Provider>, root)}
    </duecheck-scope>
  );
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "duecheck-scope": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
