/**
 * The example host application: a plain Vite React app using @duecheck/react as built from this repository
 * (packages/react/dist). `bun x vite -c examples/host-react/vite.config.ts` serves it on port 5174 (set
 * DUECHECK_URL and DUECHECK_API_KEY); `vite build` writes examples/host-react/dist for server.ts.
 */
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { embedSession } from "./embed-session.ts";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  configFile: false,
  root: here("."),
  plugins: [
    react(),
    {
      name: "embed-session",
      configureServer(server) {
        server.middlewares.use("/embed-session", async (_req, res) => {
          const answer = await embedSession({ duecheckUrl: process.env.DUECHECK_URL ?? "http://127.0.0.1:3000", apiKey: process.env.DUECHECK_API_KEY ?? "" });
          res.statusCode = answer.status;
          res.setHeader("Content-Type", "application/json");
          res.end(await answer.text());
        });
      },
    },
  ],
  // The package as built (DUECHECK_REACT_DIST when the test runner built it elsewhere).
  // React once, from this repository's node_modules (the package's build imports it as a peer).
  resolve: { alias: { "@duecheck/react": `${process.env.DUECHECK_REACT_DIST || here("../../packages/react/dist")}/index.js` }, dedupe: ["react", "react-dom"] },
  build: { outDir: process.env.DUECHECK_EXAMPLE_DIST || here("dist"), emptyOutDir: true },
  server: { port: 5174, strictPort: true },
});
