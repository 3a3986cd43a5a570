/**
 * What the end-to-end benchmarks share: the internet services replaced by loopback servers that answer at once
 * (GDELT, Google News, an OpenAI-compatible model), the real OFAC SDN list (or the test fixture) in the run's
 * database, and the app started as its own process (`bin/duecheck serve`) pointed at all of them.
 */

import { existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import { importDatasetFiles, readImportFiles } from "../../lib/sanctions/datasets/import.ts";
import { seedDatasets } from "../../lib/sanctions/datasets/registry.ts";
import { seedSystemSettings } from "../../lib/settings/system-settings.ts";
import { importFiles } from "../../support/import-files.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";

export const ROOT = join(import.meta.dir, "..", "..");
export const SHARED_SDN = join(ROOT, "..", "shared", "data", "us_ofac_sdn");

/** Given and family names the benchmarks combine into people who are on no list. */
export const FIRST_NAMES = [
  "Maria",
  "Jean",
  "Ana",
  "Peter",
  "Chen",
  "Ingrid",
  "Tomasz",
  "Aiko",
  "Lucas",
  "Fatima",
  "Olga",
  "Mateo",
  "Sofia",
  "Henrik",
  "Priya",
  "Kwame",
];
export const LAST_NAMES = [
  "Schneider",
  "Dupont",
  "Lopez",
  "Novak",
  "Wei",
  "Larsen",
  "Kowalski",
  "Tanaka",
  "Moreau",
  "Haddad",
  "Ivanova",
  "Garcia",
  "Rossi",
  "Berg",
  "Sharma",
  "Mensah",
];

export const machine = () => `${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB`;

const articlesFor = (term: string) =>
  [0, 1, 2].map((i) => ({
    title: i === 0 ? `${term} charged with fraud in court` : `${term} attends trade conference ${i}`,
    url: `https://news.example/${encodeURIComponent(term)}/${i}`,
    seendate: "20260301T100000Z",
    domain: "news.example",
    language: "English",
    sourcecountry: "United Kingdom",
  }));
const phrase = (q: string) => /"([^"]+)"/.exec(q)?.[1] ?? q;

/** News providers and a language model on loopback, answering at once; env points the app at them. */
export function startLoopbackServices() {
  const gdelt = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (req) => Response.json({ articles: articlesFor(phrase(new URL(req.url).searchParams.get("query") ?? "")) }),
  });
  const googleNews = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () =>
      new Response(`<?xml version="1.0"?><rss version="2.0"><channel><title>News</title></channel></rss>`, {
        headers: { "content-type": "application/rss+xml" },
      }),
  });
  const model = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const body = (await req.json()) as { model: string; response_format?: { json_schema?: { name?: string } }; messages: { content: string }[] };
      const name = body.response_format?.json_schema?.name;
      const user = body.messages.at(-1)?.content ?? "";
      const content =
        name === "article_classification"
          ? JSON.stringify({
              articles: [...user.matchAll(/"id":\s*(\d+)/g)].map((m) => ({ id: Number(m[1]), aboutSubject: true, category: "others", isNegative: false })),
            })
          : JSON.stringify({ summary: "The screening found the matches and articles listed in the findings; review them before onboarding." });
      return Response.json({
        id: "chatcmpl-bench",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    },
  });
  return {
    env: {
      DUECHECK_GDELT_URL: `http://127.0.0.1:${gdelt.port}/`,
      DUECHECK_GOOGLE_NEWS_URL: `http://127.0.0.1:${googleNews.port}/`,
      DUECHECK_GDELT_MIN_INTERVAL_MS: "0",
      OPENAI_BASE_URL: `http://127.0.0.1:${model.port}/v1`,
      OPENAI_API_KEY: "bench",
    },
    stop() {
      gdelt.stop(true);
      googleNews.stop(true);
      model.stop(true);
    },
  };
}

/** System settings, and of the official lists only OFAC SDN: the real one from ../shared/data when present. */
export async function seedBenchLists(db: Db): Promise<{ realList: boolean; label: string }> {
  await seedSystemSettings(db);
  await seedDatasets(db);
  await db.delete(schema.sanctionsDatasets).where(sql`${schema.sanctionsDatasets.id} <> 'us_ofac_sdn'`);
  const realList = existsSync(join(SHARED_SDN, "sdn.csv"));
  const listFiles = realList ? readImportFiles([SHARED_SDN]) : importFiles(sdnFiles());
  await importDatasetFiles(db, "us_ofac_sdn", listFiles, { actor: { kind: "system" }, timeoutMs: 60_000 });
  return { realList, label: realList ? "OFAC SDN (real, ../shared/data)" : "OFAC SDN test fixture" };
}

/** `bin/duecheck serve` on a free port with the given environment; resolves once it answers. */
/**
 * The environment of a benchmark's server that only answers what it is asked: no list downloads, no monitoring scans,
 * no daily reports and no job workers (a benchmark that needs workers sets DUECHECK_JOB_CONCURRENCY over it).
 */
export function answeringServerEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DUECHECK_DATA_DIR: dataDir,
    DUECHECK_DATASET_SCHEDULER: "0",
    DUECHECK_JOB_CONCURRENCY: "0",
    DUECHECK_MONITORING_SCAN_SECONDS: "0",
    DUECHECK_REPORT_CHECK_SECONDS: "0",
  };
}

export async function startServer(env: Record<string, string | undefined>, options: { stdout?: "pipe" | "ignore" } = {}) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const proc = Bun.spawn([join(ROOT, "bin", "duecheck"), "serve", "--port", String(port)], {
    env: { ...process.env, ...env },
    stdout: options.stdout ?? "pipe",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/api/v1/openapi.json`)).ok) break;
    } catch {}
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    if (tries > 300) throw new Error("the server did not start");
    await Bun.sleep(100);
  }
  return {
    url,
    proc,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/** Signs in over HTTP as the web app does; answers the session's Cookie header for later calls. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
