/**
 * bench:cases, part 2: a batch finishing with auto-assignment on. The batch's rows are made as a batch makes them
 * (processing, with the batch's id), and their outcomes are written by finishSearches, the one write of outcomes, in
 * the batch's chunks of SEARCHES_PER_CHUNK rows, a few rows a write (as a chunk writes outcomes as they come), several
 * chunks at once (as the job workers run them). finishSearches announces searchesFinished in its transaction, and
 * lib/wiring.ts's subscribers write the first review and group the rows into cases, auto-assigning the new ones:
 * exactly what a batch's rows go through once screened. Two thirds of the rows have a hit of a new subject.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, schema } from "../../data/db.ts";
import type { SearchOutcome } from "../../lib/screening/pipeline.ts";
import { finishSearches } from "../../lib/screening/pipeline.ts";
import { type SearchResults, searchResultsSchema } from "../../lib/screening/results.ts";
import { SEARCHES_PER_CHUNK } from "../../lib/screening/search-queue.ts";
import { memberEmail, rowsOf as rowsOfResult } from "./cases-seed.ts";
import { cpuSecondsOf } from "./cpu.ts";
import { FIRST_NAMES, LAST_NAMES } from "./services.ts";
import { timing } from "./timing.ts";

const LANES = 4;
const WRITE_ROWS = 10;

type Kind = "sanctions" | "pep" | "media";

/** What screening stores for a batch row: a hit of `kind` (a sanctions listing, a PEP listing, a negative article), or none. */
function resultsFor(i: number, name: string, kind: Kind | null): SearchResults {
  const fingerprint = `${i.toString(16).padStart(8, "0")}${"ab".repeat(12)}`;
  return searchResultsSchema.parse({
    sanctionsList: [
      {
        source: "OFAC SDN",
        datasetId: "us_ofac_sdn",
        match: kind === "sanctions",
        details: kind === "sanctions" ? "1 listed entity resembles the name" : "No listed entity matches the name",
        lastUpdated: "2026-11-01",
        entityCount: kind === "sanctions" ? 1 : 0,
        url: null,
        listedEntities: 18250,
        hits:
          kind === "sanctions"
            ? [
                {
                  hitId: `s:batch-${i}`,
                  listingFingerprint: fingerprint,
                  entityId: `ofac-${i}`,
                  name: name.toUpperCase(),
                  matchedName: name.toUpperCase(),
                  score: 0.91,
                  schema: "Person",
                  programs: ["SDGT"],
                  nationality: ["ir"],
                  birthDate: [],
                  sourceUrl: null,
                  differences: [],
                  mismatches: [],
                },
              ]
            : [],
      },
    ],
    pepListings:
      kind === "pep"
        ? [
            {
              hitId: `p:batch-${i}`,
              listingFingerprint: fingerprint,
              entityId: `pep-${i}`,
              name,
              dataset: "US Congress",
              datasetId: "us_congress_peps",
              listVersion: "2026-11-01",
              url: null,
            },
          ]
        : [],
    adverseMedia: [
      {
        hitId: `m:batch${i}`,
        title: kind === "media" ? `${name} charged with fraud in court` : `${name} attends trade conference`,
        summary: "A report naming the subject.",
        source: "news.example",
        date: "2026-10-01",
        url: `https://news.example/batch/${i}`,
        category: kind === "media" ? "criminal" : "others",
        isNegative: kind === "media",
      },
    ],
    risk: {
      level: kind ? "high" : "low",
      reasons: [
        {
          code: kind === "sanctions" ? "sanctions_match" : kind === "pep" ? "pep" : kind ? "negative_media" : "no_findings",
          level: kind ? "high" : "low",
          params: {},
        },
      ],
    },
    sources: [
      { source: "OFAC SDN", kind: "sanctions", status: "ok" },
      { source: "GDELT", kind: "media", status: "ok" },
    ],
    datasetsUsed: [{ id: "us_ofac_sdn", name: "OFAC SDN", type: "sanctions", versionDate: "2026-11-01", entityCount: 18250 }],
    clean: kind === null,
    summarySource: "built_in",
  });
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOfResult(await db.execute(query)) as T[];

/**
 * CPU seconds of the PostgreSQL backends serving this database (the server is shared with other work): what the
 * batch cost the database, whatever else the machine ran meanwhile.
 */
async function backendCpu(db: Db): Promise<Map<number, number>> {
  const rows = await rowsOf<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`);
  return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
}

/** Open cases of each member auto-assignment may pick (analysts and reviewers, active, available), by user id. */
async function loads(db: Db, organisationId: string) {
  const rows = await rowsOf<{ id: string; open: number }>(
    db,
    sql`select u.id, (select count(*)::int from cases c where c.organisation_id = u.organisation_id and c.assignee_id = u.id and c.status <> 'closed') as open
        from users u
        where u.organisation_id = ${organisationId}::uuid and u.organisation_role in ('analyst', 'reviewer') and u.is_active
          and u.removed_from_organisation_at is null and not exists (select 1 from case_unavailable_members x where x.user_id = u.id)`,
  );
  return new Map(rows.map((r) => [r.id, r.open]));
}

export async function measureAutoAssign(db: Db, options: { newCases: number; cap?: number; members: number; autoAssign?: boolean }) {
  const [owner] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, memberEmail(0, 0)));
  const [analyst] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, memberEmail(0, 7)));
  const organisationId = owner.organisationId;
  const before = await loads(db, organisationId);
  const sorted = [...before.values()].sort((a, b) => a - b);
  const cap = options.cap ?? sorted[Math.floor(sorted.length / 2)];
  await db.update(schema.caseSettings).set({ autoAssign: true, perMemberCap: cap }).where(eq(schema.caseSettings.organisationId, organisationId));

  // The batch: two rows in three with a hit of a new subject (sanctions, PEP or media), the others clean.
  const rows = Math.ceil((options.newCases * 3) / 2);
  const [batch] = await db
    .insert(schema.batchJobs)
    .values({ userId: analyst.id, organisationId, name: "Onboarding wave", status: "processing", totalEntities: rows })
    .returning();
  // New subjects, whatever ran on this database before (--keep): the batch's id is in each name.
  const tag = batch.id.slice(0, 8);
  const planned = Array.from({ length: rows }, (_, i) => {
    const flagged = i % 3 !== 2 && Math.floor((i * 2) / 3) < options.newCases;
    const kind: Kind | null = flagged ? (["media", "pep", "media", "sanctions", "media", "pep", "media", "sanctions", "pep", "media"] as const)[i % 10] : null;
    const name = `${FIRST_NAMES[i % 16]} ${LAST_NAMES[Math.floor(i / 16) % 16]} ${tag} ${i}`;
    return { i, name, kind };
  });
  const inserted: { id: string }[] = [];
  for (let i = 0; i < planned.length; i += 500) {
    inserted.push(
      ...(await db
        .insert(schema.searches)
        .values(
          planned.slice(i, i + 500).map((p) => ({
            userId: analyst.id,
            organisationId,
            searchTerm: p.name,
            entityName: p.name,
            entityType: "person" as const,
            status: "processing" as const,
            batchJobId: batch.id,
            creditsUsed: 1,
          })),
        )
        .returning({ id: schema.searches.id })),
    );
  }
  const outcomes: SearchOutcome[] = planned.map((p, n) => ({
    searchId: inserted[n].id,
    status: "completed",
    error: null,
    results: resultsFor(p.i, p.name, p.kind),
    riskLevel: p.kind ? "high" : "low",
    aiSummary: "The screening found what is listed in the findings.",
  }));
  const flaggedCount = planned.filter((p) => p.kind).length;

  const chunks: SearchOutcome[][] = [];
  for (let i = 0; i < outcomes.length; i += SEARCHES_PER_CHUNK) chunks.push(outcomes.slice(i, i + SEARCHES_PER_CHUNK));
  const writes: number[] = [];
  const startedAt = new Date();
  const cpuBefore = { bench: process.cpuUsage(), database: await backendCpu(db) };
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      for (let i = 0; i < chunk.length; i += WRITE_ROWS) {
        const t = performance.now();
        await finishSearches(db, chunk.slice(i, i + WRITE_ROWS));
        writes.push(performance.now() - t);
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  const ms = performance.now() - started;
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const databaseAfter = await backendCpu(db);
  const databaseCpu = [...databaseAfter].reduce((n, [pid, seconds]) => n + seconds - (cpuBefore.database.get(pid) ?? 0), 0);

  // What the batch left: its new cases, whom they went to, and the timeline.
  const k = schema.cases;
  const ids = inserted.map((r) => r.id);
  const caseRows = await db
    .selectDistinct({ id: k.id, assigneeId: k.assigneeId, createdAt: k.createdAt })
    .from(k)
    .innerJoin(schema.caseSearches, eq(schema.caseSearches.caseId, k.id))
    .where(inArray(schema.caseSearches.searchId, ids));
  const newCases = caseRows.filter((c) => c.createdAt >= startedAt);
  const assigned = newCases.filter((c) => c.assigneeId).length;
  const after = await loads(db, organisationId);
  const unavailable = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from cases c join case_unavailable_members x on x.user_id = c.assignee_id
        where c.id in (select case_id from case_searches where search_id in (select id from searches where batch_job_id = ${batch.id}::uuid))`,
  );
  const [events] = await rowsOf<{ assigned: number }>(
    db,
    sql`select count(*)::int as assigned from case_events e
        where e.kind = 'assigned' and e.case_id in (select case_id from case_searches where search_id in (select id from searches where batch_job_id = ${batch.id}::uuid))`,
  );
  const room = [...before.values()].reduce((n, load) => n + Math.max(0, cap - load), 0);
  const receivers = [...after].filter(([id, load]) => load > (before.get(id) ?? 0));
  const notFull = [...after.values()].filter((load) => load < cap);
  const floor = notFull.length ? Math.min(...notFull) : Number.POSITIVE_INFINITY;
  const grouped = await db.$count(schema.caseSearches, inArray(schema.caseSearches.searchId, ids));
  const checks = {
    newCasesOff: Math.abs(newCases.length - flaggedCount),
    rowsNotInTheirCase: flaggedCount - grouped,
    assignedOff: Math.abs(assigned - (options.autoAssign === false ? 0 : Math.min(flaggedCount, room))),
    pastTheCap: receivers.filter(([, load]) => load > cap).length,
    toUnavailable: unavailable[0].n,
    unevenReceivers: receivers.filter(([, load]) => load > floor + 1).length,
    timelineOff: Math.abs(events.assigned - assigned),
  };
  await db
    .update(schema.batchJobs)
    .set({ status: "completed", processedEntities: rows, completedAt: new Date() })
    .where(and(eq(schema.batchJobs.id, batch.id)));
  return {
    rows,
    newCases: newCases.length,
    lanes: LANES,
    writeRows: WRITE_ROWS,
    cap,
    loadsBefore: { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1)! },
    ms: Math.round(ms),
    writes: writes.length,
    write: timing(writes, 1),
    /** CPU seconds this process (the grouping's JavaScript) and the database's backends spent on the batch. */
    cpu: { bench: Number(((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)), database: Number(databaseCpu.toFixed(1)) },
    assigned,
    unassigned: newCases.length - assigned,
    room,
    receivers: receivers.length,
    checks,
    ok: Object.values(checks).every((v) => v === 0),
  };
}
