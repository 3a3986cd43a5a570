/**
 * /embed.js: the drop-in script for pages without React (React bundled). Defines
 *
 *   <duecheck-screening base-url="https://duecheck.example.com" token="dce_..." language="de" theme="dark"
 *                       view="search|result|lookup|batch|monitoring" search-id="...">
 *
 * rendering the package's components. It dispatches `duecheck-completed` (detail: the search or batch) and
 * `duecheck-error` (detail: { status, message }), bubbling and composed.
 */
import { createRoot, type Root } from "react-dom/client";
import { DuecheckError } from "../api/errors.ts";
import { BatchUpload } from "../components/batch-upload.tsx";
import { MonitoringList } from "../components/monitoring-list.tsx";
import { SanctionsLookup } from "../components/sanctions-lookup.tsx";
import { ScreeningResult } from "../components/screening-result.tsx";
import { ScreeningSearch } from "../components/screening-search.tsx";
import { isLanguage } from "../i18n/create-i18n.ts";
import { DuecheckProvider, type DuecheckTheme } from "../provider.tsx";

const VIEWS = ["search", "result", "lookup", "batch", "monitoring"] as const;
type View = (typeof VIEWS)[number];

class DuecheckScreeningElement extends HTMLElement {
  static observedAttributes = ["base-url", "token", "language", "theme", "view", "search-id"];
  #root: Root | null = null;

  connectedCallback() {
    if (!this.#root) {
      const shadow = this.shadowRoot ?? this.attachShadow({ mode: "open" });
      const style = document.createElement("style");
      // Inherited properties (colour, font, letter-spacing, line-height, text-transform) cross a shadow boundary: the
      // container drops the host page's at once, before any component renders.
      style.textContent = ":host { display: block; } :host([hidden]) { display: none; } .dc-host { all: initial; display: block; }";
      const container = document.createElement("div");
      container.className = "dc-host";
      shadow.replaceChildren(style, container);
      this.#root = createRoot(container);
    }
    this.#render();
  }

  disconnectedCallback() {
    const root = this.#root;
    this.#root = null;
    queueMicrotask(() => root?.unmount());
  }

  attributeChangedCallback() {
    if (this.#root) this.#render();
  }

  #emit(name: "duecheck-completed" | "duecheck-error", detail: unknown) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  #render() {
    const baseUrl = this.getAttribute("base-url") ?? "";
    const token = this.getAttribute("token") ?? "";
    const language = this.getAttribute("language");
    const theme = this.getAttribute("theme");
    const view = (VIEWS as readonly string[]).includes(this.getAttribute("view") ?? "") ? (this.getAttribute("view") as View) : "search";
    const searchId = this.getAttribute("search-id") ?? "";
    const onCompleted = (value: unknown) => this.#emit("duecheck-completed", value);
    const onError = (error: unknown) =>
      this.#emit("duecheck-error", {
        status: error instanceof DuecheckError ? error.status : null,
        message: error instanceof Error ? error.message : String(error),
      });
    if (!baseUrl || !token) {
      this.#root?.render(null);
      return;
    }
    this.#root?.render(
      <DuecheckProvider
        baseUrl={baseUrl}
        token={token}
        language={isLanguage(language) ? language : "en"}
        theme={theme === "dark" || theme === "system" ? (theme as DuecheckTheme) : "light"}
      >
        {view === "search" && <ScreeningSearch onCompleted={onCompleted} onError={onError} />}
        {view === "result" && searchId && <ScreeningResult key={searchId} searchId={searchId} onCompleted={onCompleted} onError={onError} />}
        {view === "lookup" && <SanctionsLookup onError={onError} />}
        {view === "batch" && <BatchUpload onCompleted={onCompleted} onError={onError} />}
        {view === "monitoring" && <MonitoringList onError={onError} />}
      </DuecheckProvider>,
    );
  }
}

if (!customElements.get("duecheck-screening")) customElements.define("duecheck-screening", DuecheckScreeningElement);
