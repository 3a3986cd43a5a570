/**
 * bench:cases, part 3: the case report of a full case. Its searches are screened by the product's pipeline on the
 * imported list (one listed person's name, as manual searches, batch rows and monitoring checks: they join one case),
 * every hit is decided over HTTP by the searches' analyst, notes and attachments are added over HTTP, and the case is
 * closed; then buildCaseReport (lib/cases/report), which verifies every search again, makes the PDF and the XLSX, in
 * this process, and GET /api/cases/{id}/report.pdf (and .xlsx) over HTTP where the server answers them.
 *
 * The report module is imported when the bench starts, if it is there: a tree without it measures the rest.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq, inArray } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { CaseActor } from "../../lib/cases/access.ts";
import { reviewableHits } from "../../lib/review/status.ts";
import { SanctionsIndexCache } from "../../lib/sanctions/index-cache/cache.ts";
import { runSearchPipeline } from "../../lib/screening/pipeline.ts";
import { readResults } from "../../lib/screening/results.ts";
import { caseFiles } from "./case-files.ts";
import { cpuBetween, serverCpu } from "./cases-lists.ts";
import { memberEmail } from "./cases-seed.ts";
import { signIn } from "./services.ts";
import { timing } from "./timing.ts";

export interface ReportModule {
  buildCaseReport(deps: { db: Db }, actor: CaseActor, caseId: string, format: "pdf" | "xlsx"): Promise<{ bytes: Uint8Array; contentType: string }>;
}

const REPORT_MODULE = new URL("../../lib/cases/report/index.ts", import.meta.url);

/** The report module, or null when the tree has none yet (an error inside one that exists is thrown, not hidden). */
export async function reportModule(): Promise<ReportModule | null> {
  if (!existsSync(fileURLToPath(REPORT_MODULE))) return null;
  const loaded = (await import(REPORT_MODULE.href)) as Partial<ReportModule>;
  return typeof loaded.buildCaseReport === "function" ? (loaded as ReportModule) : null;
}

const RUNS = 3;
const MAGIC = { pdf: "%PDF-", xlsx: "PK" } as const;

/**
 * Each format's runs after the first, and beside them the first (which builds the lists' index the later ones reuse)
 * and the CPU a run cost this process (or the server, over HTTP) and the database's backends.
 */
export async function measureReport(
  db: Db,
  base: string,
  report: ReportModule,
  options: { searches: number; attachments: number; password: string; serverPid: number },
) {
  const u = schema.users;
  const [analyst] = await db
    .select()
    .from(u)
    .where(eq(u.email, memberEmail(0, 10)));
  const [reviewer] = await db
    .select()
    .from(u)
    .where(eq(u.email, memberEmail(0, 2)));
  const [listed] = await db
    .select({ name: schema.sanctionsEntities.name })
    .from(schema.sanctionsEntities)
    .where(eq(schema.sanctionsEntities.schema, "Person"))
    .orderBy(schema.sanctionsEntities.id)
    .limit(1);
  const [batch] = await db
    .insert(schema.batchJobs)
    .values({ userId: analyst.id, organisationId: analyst.organisationId, name: "Periodic review", status: "completed", totalEntities: options.searches })
    .returning();
  // Manual searches, batch rows and monitoring checks of one subject, over time.
  const searches = await db
    .insert(schema.searches)
    .values(
      Array.from({ length: options.searches }, (_, i) => ({
        userId: analyst.id,
        organisationId: analyst.organisationId,
        searchTerm: listed.name,
        entityType: "person" as const,
        // The customer's birth date, which the listing does not share: the analyst clears each hit on it.
        details: { birthDate: "1971-03-02" },
        batchJobId: i % 10 < 3 ? batch.id : null,
        isAutomated: i % 10 >= 3 && i % 10 < 6,
        creditsUsed: 1,
      })),
    )
    .returning({ id: schema.searches.id });
  const cache = new SanctionsIndexCache(db);
  try {
    for (const s of searches) await runSearchPipeline({ db, lists: cache, newsProviders: [], model: null }, s.id);
  } finally {
    await cache.stop();
  }
  const joined = await db
    .selectDistinct({ caseId: schema.caseSearches.caseId })
    .from(schema.caseSearches)
    .where(
      inArray(
        schema.caseSearches.searchId,
        searches.map((s) => s.id),
      ),
    );
  if (joined.length !== 1) throw new Error(`the report's searches are in ${joined.length} cases, not one`);
  const caseId = joined[0].caseId;

  const cookie = await signIn(base, analyst.email, options.password);
  const headers = { cookie, origin: base };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  };
  // Every hit decided by the analyst who screened it (false positives: a namesake), then notes, files, and closing.
  const stored = await db
    .select({ id: schema.searches.id, results: schema.searches.results })
    .from(schema.searches)
    .where(
      inArray(
        schema.searches.id,
        searches.map((s) => s.id),
      ),
    );
  let hits = 0;
  for (const s of stored) {
    for (const hit of reviewableHits(readResults(s.results)).filter((h) => !h.cleared)) {
      await post(`/api/searches/${s.id}/decisions`, { hitId: hit.hitId, decision: "false_positive", reason: "different_birth_date" });
      hits++;
    }
  }
  const notes = 10;
  for (let i = 0; i < notes; i++) {
    await post(`/api/cases/${caseId}/notes`, {
      text: `Called the customer's relationship manager (${i + 1}): the date of birth on file differs from the listing.`,
    });
  }
  const files = await caseFiles(listed.name, options.attachments);
  for (const file of files) {
    const form = new FormData();
    form.append("file", new File([file.content as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
    const res = await fetch(`${base}/api/cases/${caseId}/attachments`, { method: "POST", headers, body: form });
    if (res.status !== 201) throw new Error(`upload ${file.name}: ${res.status} ${await res.text()}`);
  }
  await post(`/api/cases/${caseId}/status`, { status: "closed", outcome: "false_positive" });

  const actor: CaseActor = {
    id: reviewer.id,
    role: reviewer.role,
    organisationId: reviewer.organisationId,
    organisationRole: reviewer.organisationRole,
    kind: "user",
  };
  const reviewerCookie = await signIn(base, reviewer.email, options.password);
  const runs: { label: string; n: number; kb: number; p50: number; p95: number; max: number; firstMs: number; cpuMs: number }[] = [];
  for (const format of ["pdf", "xlsx"] as const) {
    const times: number[] = [];
    let size = 0;
    let firstMs = 0;
    let cpuBefore = new Map<number, number>();
    for (let i = 0; i <= RUNS; i++) {
      if (i === 1) cpuBefore = await serverCpu(db, process.pid, true);
      const started = performance.now();
      const file = await report.buildCaseReport({ db }, actor, caseId, format);
      const ms = performance.now() - started;
      if (!new TextDecoder().decode(file.bytes.subarray(0, 5)).startsWith(MAGIC[format])) throw new Error(`the ${format} report is not a ${format}`);
      size = file.bytes.byteLength;
      // The first run warms the list's index and the modules up, as a server that has been running has them.
      if (i > 0) times.push(ms);
      else firstMs = Math.round(ms);
    }
    const cpuMs = Math.round((1000 * cpuBetween(cpuBefore, await serverCpu(db, process.pid, true))) / RUNS);
    runs.push({ label: `buildCaseReport, ${format.toUpperCase()}`, n: RUNS, kb: Math.round(size / 1024), firstMs, cpuMs, ...timing(times, 0) });
  }
  // Over HTTP, as the app downloads it: a request the server gives up on is reported with how long it had run.
  const failures: string[] = [];
  for (const format of ["pdf", "xlsx"] as const) {
    const times: number[] = [];
    let size = 0;
    let firstMs = 0;
    let cpuBefore = new Map<number, number>();
    for (let i = 0; i <= RUNS; i++) {
      if (i === 1) cpuBefore = await serverCpu(db, options.serverPid, true);
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/cases/${caseId}/report.${format}`, { headers: { cookie: reviewerCookie } });
        const bytes = new Uint8Array(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        if (!new TextDecoder().decode(bytes.subarray(0, 5)).startsWith(MAGIC[format])) throw new Error(`not a ${format}`);
        size = bytes.byteLength;
        if (i > 0) times.push(performance.now() - started);
        else firstMs = Math.round(performance.now() - started);
      } catch (error) {
        failures.push(
          `GET report.${format}, run ${i}: ${error instanceof Error ? error.message : String(error)} after ${Math.round(performance.now() - started)} ms`,
        );
      }
    }
    const cpuMs = Math.round((1000 * cpuBetween(cpuBefore, await serverCpu(db, options.serverPid, true))) / Math.max(1, times.length));
    if (times.length)
      runs.push({ label: `GET /api/cases/{id}/report.${format}`, n: times.length, kb: Math.round(size / 1024), firstMs, cpuMs, ...timing(times, 0) });
  }
  return {
    searches: searches.length,
    hits,
    notes,
    attachments: files.length,
    attachmentMb: Number((files.reduce((n, f) => n + f.content.byteLength, 0) / 2 ** 20).toFixed(1)),
    runs,
    failures,
  };
}
