/**
 * The example host application on its own origin: serves the built React app (dist/), the plain HTML page using the
 * drop-in script (/plain, examples/host-html/index.html) and /embed-session (a token from its API key).
 *
 *   DUECHECK_URL=http://127.0.0.1:3000 DUECHECK_API_KEY=dck_... bun examples/host-react/server.ts   # http://127.0.0.1:5174
 *
 * List this origin under API Access, Embedding on the duecheck server first.
 */
import { existsSync } from "node:fs";
import { join, normalize } from "node:path";
import { type EmbedSessionConfig, embedSession } from "./embed-session.ts";

export interface HostServerOptions extends EmbedSessionConfig {
  /** The built example app (vite build -c examples/host-react/vite.config.ts). */
  distDir: string;
  port?: number;
  hostname?: string;
}

const PLAIN_PAGE = join(import.meta.dir, "..", "host-html", "index.html");

export function startHostServer({ distDir, port = 0, hostname = "127.0.0.1", ...config }: HostServerOptions) {
  return Bun.serve({
    hostname,
    port,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === "/embed-session") return embedSession(config);
      if (pathname === "/plain") return new Response(Bun.file(PLAIN_PAGE), { headers: { "Content-Type": "text/html; charset=utf-8" } });
      const path = normalize(join(distDir, pathname));
      if (path.startsWith(distDir) && pathname !== "/" && existsSync(path)) return new Response(Bun.file(path));
      return new Response(Bun.file(join(distDir, "index.html")), { headers: { "Content-Type": "text/html; charset=utf-8" } });
    },
  });
}

if (import.meta.main) {
  const duecheckUrl = process.env.DUECHECK_URL ?? "http://127.0.0.1:3000";
  const apiKey = process.env.DUECHECK_API_KEY;
  if (!apiKey) {
    console.error("Set DUECHECK_API_KEY to a duecheck API key (API Access, API Keys).");
    process.exit(1);
  }
  const server = startHostServer({ duecheckUrl, apiKey, distDir: join(import.meta.dir, "dist"), port: Number(process.env.PORT ?? 5174) });
  console.log(`Example host application on ${server.url}, embedding ${duecheckUrl}`);
}
