import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { workspaceAliases } from "./vite.aliases.ts";

const webRoot = fileURLToPath(new URL("./web", import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: { alias: workspaceAliases },
  build: {
    outDir: process.env.DUECHECK_WEB_DIST || fileURLToPath(new URL("./web/dist", import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so an app change does not invalidate the whole bundle in browsers' caches.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: "radix", test: /node_modules[\\/](@radix-ui|radix-ui)[\\/]/, priority: 20 },
            { name: "forms", test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 20 },
            { name: "vendor", test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // Host stays as the browser sent it, so the server's same-origin check sees matching Origin and Host.
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
});
