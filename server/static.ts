import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import type { Hono } from "hono";
import { serveStatic } from "hono/bun";
import { PROJECT_ROOT } from "../lib/config.ts";
import type { AppEnv } from "./context.ts";

/** The built web app; DUECHECK_WEB_DIST points elsewhere (each test run builds into its own folder). */
export const WEB_DIST = process.env.DUECHECK_WEB_DIST || join(PROJECT_ROOT, "web", "dist");

/** Serves the built web app; any path that is not a file gets index.html (the client router decides). */
export function serveWebApp(app: Hono<AppEnv>) {
  const root = relative(process.cwd(), WEB_DIST) || ".";
  app.use("/assets/*", serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }));
  app.use("*", serveStatic({ root }));
  app.get("*", async (c) => {
    const index = join(WEB_DIST, "index.html");
    if (!existsSync(index)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    return c.html(await Bun.file(index).text());
  });
}
