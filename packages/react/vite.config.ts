/**
 * Builds @duecheck/react (packages/react/dist/index.js, ESM, React external) and, with `--mode embed`, the drop-in
 * script /embed.js (one IIFE with React bundled, defining <duecheck-screening>) into the web app's build folder
 * (DUECHECK_WEB_DIST, else web/dist), where the server serves it.
 *
 *   bun x vite build -c packages/react/vite.config.ts               # the package
 *   bun x vite build -c packages/react/vite.config.ts --mode embed  # /embed.js (after the web build: it empties that folder)
 *
 * It reads only the package's own files (and lib/): its words are in src/i18n, English bundled and each other
 * language a chunk loaded when asked for (src/i18n/create-i18n.ts).
 */
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { workspaceAliases } from "../../vite.aliases.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    plugins: [react(), tailwindcss(), remToPx()],
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
