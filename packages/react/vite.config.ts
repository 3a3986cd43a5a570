/**
 * Builds @duecheck/react (packages/react/dist/index.js, ESM, React external) and, with `--mode embed`, the drop-in
 * script /embed.js (one IIFE with React bundled, defining <duecheck-screening>) into the web app's build folder
 * (DUECHECK_WEB_DIST, else web/dist), where the server serves it.
 *
 *   bun x vite build -c packages/react/vite.config.ts               # the package
 *   bun x vite build -c packages/react/vite.config.ts --mode embed  # /embed.js (after the web build: it empties that folder)
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { workspaceAliases } from "../../vite.aliases.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const LANGUAGES = ["en", "de", "es", "fr"] as const;
/** The sections of the app's words (web/src/i18n) the shared screens use; keys that are sentences are server messages. */
const SECTIONS = ["search.", "sanctions.", "match.", "risk.", "common.", "batch.status.", "monitoring.frequency.", "monitoring.status."];
/** The few words of the app's batch and monitoring screens that BatchUpload and MonitoringList use. */
const KEYS = new Set(
  ["uploadTitle", "fileLabel", "progressLabel", "doneOfTotal", "noCountry"]
    .map((k) => `batch.${k}`)
    .concat(
      [
        "title",
        "nameLabel",
        "namePlaceholder",
        "frequencyLabel",
        "add",
        "empty",
        "notChecked",
        "new",
        "pause",
        "pauseLabel",
        "resume",
        "resumeLabel",
        "remove",
        "removeLabel",
        "countryLabel",
      ].map((k) => `monitoring.${k}`),
    ),
);

/**
 * virtual:duecheck-catalogue/<language>: the app's words the components need, picked at build time (not the whole
 * app's). English is bundled; the other languages are chunks loaded when asked for (src/i18n/create-i18n.ts).
 */
function catalogue(): Plugin {
  const prefix = "virtual:duecheck-catalogue/";
  return {
    name: "duecheck-catalogue",
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : undefined),
    load(resolved) {
      if (!resolved.startsWith(`\0${prefix}`)) return undefined;
      const lng = resolved.slice(prefix.length + 1);
      if (!(LANGUAGES as readonly string[]).includes(lng)) throw new Error(`No catalogue for ${lng}`);
      const file = here(`../../web/src/i18n/${lng}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      // A server or validation message is its own English key: English needs no entry for it (i18next shows the key).
      const picked = Object.fromEntries(
        Object.entries(all).filter(
          ([key, words]) => (key.includes(" ") && !(lng === "en" && words === key)) || KEYS.has(key) || SECTIONS.some((s) => key.startsWith(s)),
        ),
      );
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}

/**
 * rem is relative to the host page's <html> font size, which the host may set to anything: every rem of the
 * components' CSS becomes px (1rem = 16px), so they look the same whatever the page around them.
 */
function remToPx(): Plugin {
  return {
    name: "duecheck-rem-to-px",
    enforce: "post",
    transform(code, id) {
      if (!id.includes("styles.css")) return undefined;
      return { code: code.replace(/(-?\d*\.?\d+)rem\b/g, (_m, n: string) => `${+(Number(n) * 16).toFixed(3)}px`), map: null };
    },
  };
}

export default defineConfig(({ mode }) => {
  const embed = mode === "embed";
  return {
    configFile: false,
    plugins: [react(), tailwindcss(), catalogue(), remToPx()],
    resolve: {
      alias: [...workspaceAliases, { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: here("src/shims/use-sync-external-store.ts") }],
    },
    define: embed ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
    build: embed
      ? {
          outDir: process.env.DUECHECK_WEB_DIST || here("../../web/dist"),
          emptyOutDir: false,
          copyPublicDir: false,
          lib: { entry: here("src/embed/custom-element.tsx"), formats: ["iife"], name: "DuecheckEmbed", fileName: () => "embed.js" },
        }
      : {
          // DUECHECK_REACT_DIST: elsewhere (each test run builds into its own folder).
          outDir: process.env.DUECHECK_REACT_DIST || here("dist"),
          emptyOutDir: true,
          copyPublicDir: false,
          minify: true,
          lib: { entry: here("src/index.ts"), formats: ["es"], fileName: () => "index.js" },
          rolldownOptions: { external: [/^react($|\/)/, /^react-dom($|\/)/] },
        },
  };
});
