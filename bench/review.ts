/**
 * npm run bench:review — the review queue, a decision, and a batch re-screened with remembered clearances.
 *
 * A PostgreSQL database made for the run (dropped after) with the OFAC SDN list, 1,000 users and their completed
 * searches over six months: half of them with two flagged sanctions hits of real listings each (100,000 open hits,
 * review status needs_review), the other half clean; a spread of risk levels and of sources (manual searches,
 * batch rows, monitoring checks). Inserted in bulk with SQL, then VACUUM ANALYZE (as autovacuum would); a sample of
 * the stored results is checked against searchResultsSchema and the review rule (lib/review/status.ts). The app
 * runs as its own process (`bin/duecheck serve`, news and model on loopback servers answering at once), and
 * everything is measured over real HTTP, signed in by cookie:
 *
 *   1. GET /api/reviews?status=needs_review (first page, default limit): as an admin (everyone's items) and as
 *      ordinary users (their own), after warm-up requests.
 *   2. POST /api/searches/{id}/decisions on distinct open hits, by several users on their own searches (false
 *      positives and true matches, one or both hits of a search). Afterwards: each decision stored once, each search's
 *      review status and open hits as the decisions make them, the admin queue's total down by the closed searches,
 *      and no credits changed.
 *   3. A batch of 10,000 rows as bench:batch builds it (a third list names) screened once to warm the caches and to
 *      find hits; then the same rows as new batches, with 5,000 remembered clearances of that user (false positives
 *      on every distinct hit of the first batch, inserted with the product's subject keys and the hits' listing
 *      fingerprints; if the batch has fewer hits, the rest for the same names with a birth date, which it does not
 *      meet) and without them (revoked), in ABBA order (with, without, without, with) so that neither kind gets the
 *      warmer caches or the quieter machine. Each run: creation to last row finished, and the server's CPU seconds.
 *      Checks that the runs with clearances show `clearance` on exactly the hits remembered and met, and none without.
 *
 *   --users N         users (default 1000)          --open-hits N   open hits in all, two a search (default 100000)
 *   --requests N      queue requests per measurement (default 200)   --decisions N   timed decisions (default 500)
 *   --rows N          rows of the batch (default 10000)              --clearances N  remembered (default 5000)
 *   --rounds N        with/without pairs after the warm-up batch (default 2)
 *   --skip-batch      parts 1 and 2 only          --json PATH   also write the figures as JSON
 *   --keep            leave the database (for EXPLAIN) and print its URL
 *   DUECHECK_JOB_CONCURRENCY  jobs the server runs at once (default 8, as bench:batch)
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */

import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, schema } from "../data/db.ts";
import { createUser } from "../lib/auth/users.ts";
import { changeCredits } from "../lib/credits/ledger.ts";
import { DEFAULT_PAGE_SIZE } from "../lib/paging-contract.ts";
import { reviewableHits, reviewStateOf } from "../lib/review/status.ts";
import { readResults, searchResultsSchema } from "../lib/screening/results.ts";
import { readSearchDetails } from "../lib/screening/schemas.ts";
import { subjectKey } from "../lib/screening/subject-key.ts";
import { getSystemSettings } from "../lib/settings/system-settings.ts";
import { createBatchOverHttp, readBatchCsv, writeBatchCsv } from "./helpers/batch-csv.ts";
import { cpuSecondsOf, machineCpuSeconds } from "./helpers/cpu.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { answeringServerEnv, machine, seedBenchLists, signIn, startLoopbackServices, startServer } from "./helpers/services.ts";
import { type Timing, timing } from "./helpers/timing.ts";

const { values: args } = parseArgs({
  options: {
    users: { type: "string", default: "1000" },
    "open-hits": { type: "string", default: "100000" },
    requests: { type: "string", default: "200" },
    decisions: { type: "string", default: "500" },
    rows: { type: "string", default: "10000" },
    clearances: { type: "string", default: "5000" },
    rounds: { type: "string", default: "2" },
    "skip-batch": { type: "boolean", default: false },
    json: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const USERS = Number(args.users);
const OPEN_SEARCHES = Math.floor(Number(args["open-hits"]) / 2);
/** As many clean searches as open ones: the queue's index must skip them, as it would in a real history. */
const SEARCHES = OPEN_SEARCHES * 2;
const REQUESTS = Number(args.requests);
const DECISIONS = Number(args.decisions);
const ROWS = Number(args.rows);
const CLEARANCES = Number(args.clearances);
const ROUNDS = Number(args.rounds);
const CONCURRENCY = process.env.DUECHECK_JOB_CONCURRENCY ?? "8";
const PASSWORD = "bench-password";
const BATCH_EMAIL = "batch@example.com";
/** Ordinary users whose own queue is measured, and users who decide (plus one more whose decisions warm up). */
const QUEUE_READERS = 10;
const DECIDERS = 20;
/** p95 targets: the queue's first page under 100 ms, a decision under 50 ms; clearances cost at most 10 %. */
const QUEUE_TARGET_MS = 100;
const DECISION_TARGET_MS = 50;
const CLEARANCE_SLOWDOWN_TARGET = 1.1;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as T[];

/**
 * 1,000 users sharing one password hash, each the owner of an organisation of their own (as registering makes them),
 * each with a batch job, and their searches: search i belongs
 * to user i % USERS; every other search of a user is open (two sanctions hits of real listings, needs_review), the
 * others clean; created over six months; sources and risk levels spread.
 */
async function seedQueue(db: Db) {
  await db.execute(sql`
    with teams as (
      insert into organisations (name, created_at)
      select 'Bench team ' || i, now() - interval '400 days' from generate_series(0, ${USERS - 1}::int) as i
      returning id, name
    )
    insert into users (email, password, full_name, company, position, created_at, organisation_id, organisation_role)
    select 'user' || i || '@example.com', (select password from users where email = 'admin@example.com'),
           (array['Maria','Jean','Ana','Peter','Chen','Ingrid'])[1 + i % 6] || ' ' || (array['Schneider','Dupont','Lopez','Novak','Petrova','Rossi'])[1 + (i / 6) % 6],
           'Bench ' || (i % 40), 'Analyst', now() - interval '400 days' + i * interval '1 minute',
           (select id from teams where name = 'Bench team ' || i), 'owner'
    from generate_series(0, ${USERS - 1}::int) as i`);
  await db.execute(sql`
    insert into batch_jobs (user_id, organisation_id, name, status, total_entities, processed_entities, created_at, completed_at)
    select id, organisation_id, 'Suppliers', 'completed', 100, 100, now() - interval '200 days', now() - interval '200 days'
    from users where email like 'user%@example.com'`);
  const spacing = Math.max(1, Math.floor((180 * 86_400) / SEARCHES));
  for (let start = 0; start < SEARCHES; start += 10_000) {
    const end = Math.min(start + 10_000, SEARCHES) - 1;
    await db.execute(sql`
      with u as (
        select id, organisation_id, (substring(email from 5 for position('@' in email) - 5))::int as n from users where email like 'user%@example.com'
      ),
      b as (select user_id, id from batch_jobs),
      e as (
        select row_number() over (order by id) - 1 as n, id, name, schema, nationalities, birth_dates, programs, source_url
        from sanctions_entities where dataset_id = 'us_ofac_sdn'
      ),
      total as (select count(*) as c from e),
      rows as (
        select i, ((i / ${USERS}::int) % 2 = 0) as open, (i / 3) % 10 as source, (i / 7) % 8 as risk,
               now() - interval '180 days' + (i * ${spacing}::int) * interval '1 second' as ts
        from generate_series(${start}::int, ${end}::int) as i
      ),
      hits as (
        select rows.*, e1 as first, e2 as second
        from rows, total, e as e1, e as e2
        where e1.n = (rows.i * 2) % total.c and e2.n = (rows.i * 2 + 1) % total.c
      )
      insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, risk_level, ai_summary, results, is_automated,
                            credits_used, batch_job_id, review_status, open_hits, created_at, updated_at)
      select u.id, u.organisation_id, (first).name, (first).name, case when (first).schema = 'Person' then 'person'::entity_type else 'company'::entity_type end,
             'completed', level, 'The screening found listings that resemble the name; review them before onboarding.',
             jsonb_build_object(
               'sanctionsList', jsonb_build_array(jsonb_build_object(
                 'source', 'OFAC SDN', 'datasetId', 'us_ofac_sdn', 'match', open,
                 'details', case when open then '2 listed entities resemble the name' else 'No listed entity matches the name' end,
                 'lastUpdated', '2026-11-01', 'entityCount', case when open then 1 else 0 end, 'url', null, 'listedEntities', (select c from total),
                 'hits', case when open then jsonb_build_array(
                   jsonb_build_object('hitId', 's:' || (first).id, 'listingFingerprint', left(md5((first).id || (first).name), 32),
                     'entityId', (first).id, 'name', (first).name, 'matchedName', (first).name, 'score', 0.93, 'schema', (first).schema,
                     'programs', (first).programs, 'nationality', (first).nationalities, 'birthDate', (first).birth_dates,
                     'sourceUrl', (first).source_url, 'differences', '[]'::jsonb, 'mismatches', '[]'::jsonb),
                   jsonb_build_object('hitId', 's:' || (second).id, 'listingFingerprint', left(md5((second).id || (second).name), 32),
                     'entityId', (second).id, 'name', (second).name, 'matchedName', (second).name, 'score', 0.84, 'schema', (second).schema,
                     'programs', (second).programs, 'nationality', (second).nationalities, 'birthDate', (second).birth_dates,
                     'sourceUrl', (second).source_url, 'differences', jsonb_build_array('The name is not identical'),
                     'mismatches', jsonb_build_array(jsonb_build_object('kind', 'name', 'score', 0.84))))
                 else '[]'::jsonb end)),
               'adverseMedia', jsonb_build_array(jsonb_build_object(
                 'hitId', 'm:' || left(md5('https://news.example/' || i), 8), 'title', (first).name || ' attends trade conference',
                 'summary', 'A trade conference.', 'source', 'news.example', 'date', '2026-03-01', 'url', 'https://news.example/' || i,
                 'category', 'others', 'isNegative', false)),
               'pepListings', '[]'::jsonb,
               'risk', jsonb_build_object('level', level, 'reasons', jsonb_build_array(
                 case when open then jsonb_build_object('code', 'sanctions_match', 'level', level, 'params', jsonb_build_object('count', 1))
                 else jsonb_build_object('code', 'no_findings', 'level', 'low', 'params', '{}'::jsonb) end)),
               'sources', jsonb_build_array(jsonb_build_object('source', 'OFAC SDN', 'kind', 'sanctions', 'status', 'ok'),
                                            jsonb_build_object('source', 'GDELT', 'kind', 'media', 'status', 'ok')),
               'datasetsUsed', jsonb_build_array(jsonb_build_object('id', 'us_ofac_sdn', 'name', 'OFAC SDN', 'type', 'sanctions',
                                                                    'versionDate', '2026-11-01', 'entityCount', (select c from total))),
               'clean', not open, 'summarySource', 'model', 'summaryLanguage', 'en'),
             source < 2, case when source < 2 then 1 else 10 end, case when source between 2 and 4 then b.id end,
             case when open then 'needs_review' else 'no_hits' end, case when open then 2 else 0 end, ts, ts
      from (select hits.*, case when not open then 'low' else (array['medium','high','high','critical','medium','low','high','critical'])[1 + risk] end as level
            from hits) as h
      join u on u.n = h.i % ${USERS}::int
      join b on b.user_id = u.id`);
  }
  await db.execute(sql`vacuum analyze`);
}

/** The seeded rows as the product reads them: their results pass the schema and the review rule gives their status. */
async function checkSeed(db: Db) {
  const sample = await db
    .select({ results: schema.searches.results, reviewStatus: schema.searches.reviewStatus, openHits: schema.searches.openHits })
    .from(schema.searches)
    .where(sql`${schema.searches.reviewStatus} in ('needs_review', 'no_hits')`)
    .orderBy(sql`random()`)
    .limit(200);
  let off = 0;
  for (const row of sample) {
    const parsed = searchResultsSchema.safeParse(row.results);
    const state = reviewStateOf(reviewableHits(readResults(row.results)), [], false);
    if (!parsed.success || state.status !== row.reviewStatus || state.openHits !== row.openHits) off++;
  }
  const [counts] = await rowsOf<{ open: number; hits: number }>(
    db,
    sql`select count(*)::int as open, sum(open_hits)::int as hits from searches where review_status = 'needs_review'`,
  );
  return { sampled: sample.length, off, openSearches: counts.open, openHits: counts.hits };
}

const dbName = `duecheck_bench_review_${Date.now()}`;
const bench = await createBenchDatabase(dbName);
const { databaseUrl } = bench;
const { db } = bench.database;
const services = startLoopbackServices();
const csvPath = `/tmp/${dbName}.csv`;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let ok = true;
try {
  const list = await seedBenchLists(db);
  const settings = await getSystemSettings(db);
  await createUser(db, { email: "admin@example.com", password: PASSWORD, fullName: "Bench Admin", role: "admin" });
  const batchUser = await createUser(db, { email: BATCH_EMAIL, password: PASSWORD, fullName: "Batch Bench" });
  await changeCredits(db, { userId: batchUser.id, type: "admin_credit", amount: ROWS * settings.manualSearchCost * (1 + 2 * ROUNDS), description: "bench" });

  const [, seedMs] = await timed(() => seedQueue(db));
  const seed = await checkSeed(db);
  console.log(
    `seeded ${SEARCHES.toLocaleString("en")} searches of ${USERS} users (${seed.openSearches.toLocaleString("en")} open, ${seed.openHits.toLocaleString("en")} open hits) in ${(seedMs / 1000).toFixed(1)} s`,
  );

  server = await startServer(
    {
      ...answeringServerEnv(databaseUrl, `/tmp/${dbName}`),
      ...services.env,
      DUECHECK_JOB_POLL_SECONDS: "0.5",
      DUECHECK_JOB_CONCURRENCY: CONCURRENCY,
    },
    { stdout: "ignore" },
  );
  const base = server.url;
  const get = async (cookie: string, path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const post = async (cookie: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  // --- 1. the queue's first page ---
  const QUEUE = "/api/reviews?status=needs_review";
  const adminCookie = await signIn(base, "admin@example.com", PASSWORD);
  const openPerUser = OPEN_SEARCHES / USERS;
  const queuePage = async (cookie: string, expectTotal: number) => {
    const page = (await get(cookie, QUEUE)) as { items: { status: string }[]; total: number };
    if (page.total !== expectTotal || page.items.length !== Math.min(DEFAULT_PAGE_SIZE, expectTotal) || page.items.some((i) => i.status !== "needs_review")) {
      throw new Error(`unexpected queue page: total ${page.total}, ${page.items.length} items`);
    }
  };
  for (let i = 0; i < 20; i++) await queuePage(adminCookie, OPEN_SEARCHES);
  const adminTimes: number[] = [];
  for (let i = 0; i < REQUESTS; i++) adminTimes.push((await timed(() => queuePage(adminCookie, OPEN_SEARCHES)))[1]);

  const readerCookies: string[] = [];
  for (let r = 0; r < QUEUE_READERS; r++)
    readerCookies.push(await signIn(base, `user${(Math.floor((r * USERS) / QUEUE_READERS) + 3) % USERS}@example.com`, PASSWORD));
  for (const cookie of readerCookies) for (let i = 0; i < 2; i++) await queuePage(cookie, openPerUser);
  const userTimes: number[] = [];
  for (let i = 0; i < REQUESTS; i++) userTimes.push((await timed(() => queuePage(readerCookies[i % QUEUE_READERS], openPerUser)))[1]);
  const queue = { admin: timing(adminTimes), user: timing(userTimes), openSearches: seed.openSearches, openHits: seed.openHits, perUser: openPerUser };

  // --- 2. decisions ---
  // Each decider's open searches, oldest first: the first ten get both hits decided (the second a false positive or,
  // every other search, a true match), the next ones only their first hit (still needs_review, one open hit).
  interface Planned {
    cookie: string;
    searchId: string;
    body: Record<string, unknown>;
  }
  const expected = new Map<string, { status: string; openHits: number }>();
  const planFor = async (n: number, count: number): Promise<Planned[]> => {
    const email = `user${n}@example.com`;
    const cookie = await signIn(base, email, PASSWORD);
    const mine = await rowsOf<{ id: string; first: string; second: string }>(
      db,
      sql`select s.id, s.results #>> '{sanctionsList,0,hits,0,hitId}' as first, s.results #>> '{sanctionsList,0,hits,1,hitId}' as second
          from searches s join users u on u.id = s.user_id
          where u.email = ${email} and s.review_status = 'needs_review' order by s.created_at, s.id`,
    );
    const plan: Planned[] = [];
    for (let j = 0; plan.length < count && j < mine.length; j++) {
      const s = mine[j];
      const both = j < 10 && plan.length + 2 <= count;
      plan.push({
        cookie,
        searchId: s.id,
        body: { hitId: s.first, decision: "false_positive", reason: both ? "common_name" : "other", ...(both ? {} : { text: "Another registration number" }) },
      });
      if (both) {
        const match = j % 2 === 1;
        plan.push({
          cookie,
          searchId: s.id,
          body: match
            ? { hitId: s.second, decision: "true_match", reason: "confirmed_identity" }
            : { hitId: s.second, decision: "false_positive", reason: "other", text: "Born 1981, the listing says 1962" },
        });
        expected.set(s.id, match ? { status: "confirmed", openHits: 0 } : { status: "cleared", openHits: 0 });
      } else expected.set(s.id, { status: "needs_review", openHits: 1 });
    }
    return plan;
  };
  const creditsNow = async () =>
    (
      await rowsOf<{ credits: number; transactions: number }>(
        db,
        sql`select (select sum(credits)::int from organisations) as credits, (select count(*)::int from credit_transactions) as transactions`,
      )
    )[0];
  const creditsBefore = await creditsNow();
  const warmUp = await planFor(0, 20);
  for (const p of warmUp) await post(p.cookie, `/api/searches/${p.searchId}/decisions`, p.body);
  const plans: Planned[][] = [];
  for (let k = 0; k < DECIDERS; k++) plans.push(await planFor((Math.floor((k * USERS) / DECIDERS) + 7) % USERS, Math.ceil(DECISIONS / DECIDERS)));
  // Round robin over the deciders, one decision each in turn.
  const ordered: Planned[] = [];
  for (let step = 0; ordered.length < DECISIONS; step++) {
    const before = ordered.length;
    for (const plan of plans) if (plan[step] && ordered.length < DECISIONS) ordered.push(plan[step]);
    if (ordered.length === before) break;
  }
  // The searches of planned decisions left out (DECISIONS not a multiple of DECIDERS) are not expected to change.
  const decidedIds = new Set([...warmUp, ...ordered].map((p) => p.searchId));
  for (const id of expected.keys()) if (!decidedIds.has(id)) expected.delete(id);
  const decisionTimes: number[] = [];
  for (const p of ordered) decisionTimes.push((await timed(() => post(p.cookie, `/api/searches/${p.searchId}/decisions`, p.body)))[1]);
  // A search whose last planned decision was left out would be expected wrong: recompute from what was sent.
  const sent = new Map<string, Record<string, unknown>[]>();
  for (const p of [...warmUp, ...ordered]) sent.set(p.searchId, [...(sent.get(p.searchId) ?? []), p.body]);
  for (const [id, bodies] of sent) {
    if (bodies.length === 1) expected.set(id, { status: "needs_review", openHits: 1 });
  }

  const d = schema.hitDecisions;
  const stored = await db
    .select({ searchId: d.searchId, hitId: d.hitId, state: d.state })
    .from(d)
    .where(inArray(d.searchId, [...sent.keys()]));
  const storedKeys = new Set(stored.map((r) => `${r.searchId} ${r.hitId}`));
  const sentCount = warmUp.length + ordered.length;
  const searchRows = await db
    .select({ id: schema.searches.id, reviewStatus: schema.searches.reviewStatus, openHits: schema.searches.openHits })
    .from(schema.searches)
    .where(inArray(schema.searches.id, [...sent.keys()]));
  const statusOff = searchRows.filter((r) => {
    const want = expected.get(r.id);
    return !want || want.status !== r.reviewStatus || want.openHits !== r.openHits;
  }).length;
  const closed = [...expected.values()].filter((e) => e.status !== "needs_review").length;
  const adminTotal = ((await get(adminCookie, QUEUE)) as { total: number }).total;
  const creditsAfter = await creditsNow();
  const decisions = {
    timed: decisionTimes.length,
    warmUp: warmUp.length,
    ...timing(decisionTimes),
    checks: {
      notStoredOnce: sentCount - stored.length + (stored.length - storedKeys.size) + stored.filter((r) => r.state !== "decided").length,
      reviewStatusOff: statusOff + (sent.size - searchRows.length),
      queueTotalOff: Math.abs(adminTotal - (OPEN_SEARCHES - closed)),
      creditsChanged: Math.abs(creditsAfter.credits - creditsBefore.credits) + Math.abs(creditsAfter.transactions - creditsBefore.transactions),
    },
  };

  // --- 3. a batch re-screened with remembered clearances ---
  let batch: ReturnType<typeof batchFigures> | undefined;
  if (!args["skip-batch"]) {
    await writeBatchCsv(db, csvPath, ROWS);
    const entities = readBatchCsv(csvPath);
    const batchCookie = await signIn(base, BATCH_EMAIL, PASSWORD);
    const s = schema.searches;
    const c = schema.rememberedClearances;

    interface HitRow {
      searchId: string;
      term: string;
      entityType: "person" | "company";
      details: unknown;
      datasetId: string;
      entityId: string;
      name: string;
      fingerprint: string | null;
      clearanceId: string | null;
      changedId: string | null;
    }
    const hitsOf = (batchId: string) =>
      rowsOf<HitRow>(
        db,
        sql`select s.id as "searchId", s.search_term as term, s.entity_type as "entityType", s.details, r->>'datasetId' as "datasetId",
                   h->>'entityId' as "entityId", h->>'name' as name, h->>'listingFingerprint' as fingerprint,
                   h->'clearance'->>'clearanceId' as "clearanceId", h->'clearanceChanged'->>'clearanceId' as "changedId"
            from searches s, jsonb_array_elements(s.results->'sanctionsList') r, jsonb_array_elements(r->'hits') h
            where s.batch_job_id = ${batchId}::uuid
            order by s.created_at, s.id`,
      );
    const keyOf = (h: Pick<HitRow, "term" | "entityType" | "details">) =>
      subjectKey({ term: h.term, entityType: h.entityType, details: readSearchDetails(h.details) });

    /** Uploads the batch, waits for its last row; answers its id and figures, with the CPU the server used meanwhile. */
    const runBatch = async (label: string) => {
      const pid = server!.proc.pid;
      const cpuBefore = { server: cpuSecondsOf(pid), machine: machineCpuSeconds() };
      const [batchId, uploadMs] = await timed(() => createBatchOverHttp(base, batchCookie, entities, label));
      const [created] = await db.select({ at: schema.batchJobs.createdAt }).from(schema.batchJobs).where(eq(schema.batchJobs.id, batchId));
      const open = () => db.$count(s, and(eq(s.batchJobId, batchId), inArray(s.status, ["pending", "processing"])));
      const deadline = Date.now() + 60 * 60_000;
      while ((await open()) > 0 && Date.now() < deadline) await Bun.sleep(250);
      const cpuAfter = { server: cpuSecondsOf(pid), machine: machineCpuSeconds() };
      const [last] = await db
        .select({ at: sql<string>`max(${s.updatedAt})`, completed: sql<number>`count(*) filter (where ${s.status} = 'completed')::int` })
        .from(s)
        .where(eq(s.batchJobId, batchId));
      const seconds = (new Date(last.at).getTime() - created.at.getTime()) / 1000;
      return {
        batchId,
        label,
        uploadSeconds: Number((uploadMs / 1000).toFixed(2)),
        seconds: Number(seconds.toFixed(1)),
        serverCpuSeconds: Number((cpuAfter.server - cpuBefore.server).toFixed(1)),
        machineBusyPercent: Math.round((100 * (cpuAfter.machine.busy - cpuBefore.machine.busy)) / (cpuAfter.machine.total - cpuBefore.machine.total)),
        completed: last.completed,
      };
    };

    /** What a run shows against the clearances that were live while it ran. */
    const clearedIn = async (batchId: string, live: Map<string, { id: string; fingerprint: string }>) => {
      const hits = await hitsOf(batchId);
      let met = 0;
      let cleared = 0;
      let wrong = 0;
      for (const h of hits) {
        const remembered = live.get(`${keyOf(h)} ${h.entityId}`);
        const shouldClear = !!remembered && remembered.fingerprint === h.fingerprint;
        if (remembered) met++;
        if (h.clearanceId) cleared++;
        if (shouldClear ? h.clearanceId !== remembered.id : h.clearanceId !== null) wrong++;
        if (remembered && !shouldClear ? h.changedId !== remembered.id : h.changedId !== null) wrong++;
      }
      return { hits: hits.length, met, cleared, wrong };
    };

    const warm = await runBatch("warm-up");
    // The clearances to remember: every distinct (subject, listing) pair among the first batch's hits, in row order,
    // up to CLEARANCES; if the batch has fewer, the rest are of the same names with a birth date (other subjects, as
    // earlier screenings would have left), which the rows of this batch do not meet.
    const warmHits = await hitsOf(warm.batchId);
    const picked = new Map<string, HitRow & { key: string }>();
    for (const h of warmHits) {
      if (picked.size >= CLEARANCES) break;
      if (!h.fingerprint) continue;
      const key = keyOf(h);
      if (!picked.has(`${key} ${h.entityId}`)) picked.set(`${key} ${h.entityId}`, { ...h, key });
    }
    const ofThisBatch = picked.size;
    for (const h of [...picked.values()]) {
      if (picked.size >= CLEARANCES) break;
      const key = subjectKey({ term: h.term, entityType: h.entityType, details: { birthDate: `19${50 + (picked.size % 50)}-01-01` } });
      picked.set(`${key} ${h.entityId}`, { ...h, key });
    }
    const remember = async () => {
      const values = [...picked.values()].map((h) => ({
        ownerId: batchUser.id,
        organisationId: batchUser.organisationId,
        subjectKey: h.key,
        subjectName: h.term,
        entityType: h.entityType,
        datasetId: h.datasetId,
        entityId: h.entityId,
        hitKind: "sanctions",
        listingName: h.name,
        listingFingerprint: h.fingerprint!,
        searchId: h.searchId,
        reason: "common_name",
        decidedBy: batchUser.id,
        decidedAt: new Date(),
      }));
      const live = new Map<string, { id: string; fingerprint: string }>();
      for (let i = 0; i < values.length; i += 1000) {
        const rows = await db
          .insert(c)
          .values(values.slice(i, i + 1000))
          .returning({ id: c.id, subjectKey: c.subjectKey, entityId: c.entityId, fingerprint: c.listingFingerprint });
        for (const r of rows) live.set(`${r.subjectKey} ${r.entityId}`, { id: r.id, fingerprint: r.fingerprint });
      }
      await db.execute(sql`analyze remembered_clearances`);
      return live;
    };
    const revoke = async () => {
      await db
        .update(c)
        .set({ revokedAt: sql`now()`, revokedBy: batchUser.id, revokeReason: "bench: the run without clearances" })
        .where(and(eq(c.ownerId, batchUser.id), sql`${c.revokedAt} is null`));
      await db.execute(sql`analyze remembered_clearances`);
    };

    // With and without in rounds of ABBA order (with, without, without, with, ...): a machine that gets busier or
    // quieter during the run, and caches that warm, favour neither kind.
    const runs = [];
    const order = Array.from({ length: ROUNDS * 2 }, (_, i) => (i % 4 === 0 || i % 4 === 3 ? "with" : "without"));
    for (const [i, kind] of order.entries()) {
      const round = Math.floor(i / 2) + 1;
      if (kind === "with") {
        const live = await remember();
        const run = await runBatch(`with clearances ${round}`);
        runs.push({ ...run, clearances: live.size, ...(await clearedIn(run.batchId, live)) });
        await revoke();
      } else {
        const run = await runBatch(`without clearances ${round}`);
        runs.push({ ...run, clearances: 0, ...(await clearedIn(run.batchId, new Map())) });
      }
    }
    batch = batchFigures(warm, runs, picked.size, ofThisBatch);
  }

  const figures = {
    machine: machine(),
    list: list.label,
    jobConcurrency: Number(CONCURRENCY),
    seed: { seconds: Number((seedMs / 1000).toFixed(1)), ...seed },
    queue,
    decisions,
    batch,
  };
  const line = (m: Timing) => `p50 ${m.p50} ms, p95 ${m.p95} ms, max ${m.max} ms`;
  const verdict = (good: boolean) => (good ? "met" : "NOT MET");
  console.log(`
Review queue and decisions — ${figures.machine}; ${list.label}
  seed: ${SEARCHES.toLocaleString("en")} searches of ${USERS} users, ${seed.openSearches.toLocaleString("en")} open with ${seed.openHits.toLocaleString("en")} open hits, in ${figures.seed.seconds} s; ${seed.off} of ${seed.sampled} sampled results off the schema or the review rule
  1. GET ${QUEUE} (first page of ${DEFAULT_PAGE_SIZE}), ${REQUESTS} requests each after warm-up           target p95 < ${QUEUE_TARGET_MS} ms
     admin (${OPEN_SEARCHES.toLocaleString("en")} items)          ${line(queue.admin)}   ${verdict(queue.admin.p95 < QUEUE_TARGET_MS)}
     ${QUEUE_READERS} users (${openPerUser} items each)   ${line(queue.user)}   ${verdict(queue.user.p95 < QUEUE_TARGET_MS)}
  2. POST /api/searches/{id}/decisions, ${decisions.timed} decisions by ${DECIDERS} users after ${decisions.warmUp} warm-up     target p95 < ${DECISION_TARGET_MS} ms
     ${line(decisions)}   ${verdict(decisions.p95 < DECISION_TARGET_MS)}
     checks ${JSON.stringify(decisions.checks)}`);
  if (batch) {
    console.log(
      `  3. batch of ${ROWS.toLocaleString("en")} rows, job concurrency ${CONCURRENCY}: warm-up ${batch.warmUp.seconds} s (${batch.warmUp.rowsPerSecond} rows/s)`,
    );
    for (const r of batch.runs) {
      console.log(
        `     ${r.label.padEnd(22)} ${String(r.seconds).padStart(6)} s (${r.rowsPerSecond} rows/s), server CPU ${r.serverCpuSeconds} s, machine ${r.machineBusyPercent}% busy; ${r.completed} completed; ${r.clearances} live clearances, met on ${r.met} hits, ${r.cleared} shown cleared, ${r.wrong} wrong`,
      );
    }
    console.log(
      `     with clearances ${batch.withSeconds} s, without ${batch.withoutSeconds} s (means): ${batch.ratio}×   target ≤ ${CLEARANCE_SLOWDOWN_TARGET}×   ${verdict(batch.ratio <= CLEARANCE_SLOWDOWN_TARGET)}; server CPU ${batch.withServerCpuSeconds} s against ${batch.withoutServerCpuSeconds} s: ${batch.cpuRatio}×`,
    );
  }
  if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
  const checksOk =
    seed.off === 0 &&
    Object.values(decisions.checks).every((v) => v === 0) &&
    (!batch ||
      batch.runs.every(
        (r) => r.wrong === 0 && r.completed === ROWS && (r.clearances === 0 ? r.cleared === 0 : r.cleared === r.met && r.met >= batch.rememberedOfThisBatch),
      ));
  if (!checksOk) console.log("  a check failed: see the figures above");
  ok = checksOk;
} finally {
  await server?.stop();
  services.stop();
  rmSync(csvPath, { force: true });
  if (args.keep) {
    await bench.close();
    console.log(`kept: ${databaseUrl}`);
  } else await bench.drop();
}
process.exit(ok ? 0 : 1);

interface BatchRun {
  label: string;
  seconds: number;
  serverCpuSeconds: number;
  machineBusyPercent: number;
  completed: number;
  uploadSeconds: number;
  clearances: number;
  met: number;
  cleared: number;
  wrong: number;
  hits: number;
}

/** The runs' figures, and the mean time (and server CPU) with clearances against the mean without. */
function batchFigures(
  warm: { seconds: number; serverCpuSeconds: number; uploadSeconds: number; completed: number },
  runs: BatchRun[],
  remembered: number,
  ofThisBatch: number,
) {
  const perSecond = (seconds: number) => Number((ROWS / seconds).toFixed(0));
  const mean = (xs: number[]) => Number((xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1));
  const withRuns = runs.filter((r) => r.clearances > 0);
  const withoutRuns = runs.filter((r) => r.clearances === 0);
  const withSeconds = mean(withRuns.map((r) => r.seconds));
  const withoutSeconds = mean(withoutRuns.map((r) => r.seconds));
  const withCpu = mean(withRuns.map((r) => r.serverCpuSeconds));
  const withoutCpu = mean(withoutRuns.map((r) => r.serverCpuSeconds));
  return {
    rows: ROWS,
    remembered,
    rememberedOfThisBatch: ofThisBatch,
    warmUp: { ...warm, rowsPerSecond: perSecond(warm.seconds) },
    runs: runs.map(({ label, seconds, serverCpuSeconds, machineBusyPercent, uploadSeconds, completed, clearances, hits, met, cleared, wrong }) => ({
      label,
      seconds,
      rowsPerSecond: perSecond(seconds),
      serverCpuSeconds,
      machineBusyPercent,
      uploadSeconds,
      completed,
      clearances,
      hits,
      met,
      cleared,
      wrong,
    })),
    withSeconds,
    withoutSeconds,
    ratio: Number((withSeconds / withoutSeconds).toFixed(3)),
    withServerCpuSeconds: withCpu,
    withoutServerCpuSeconds: withoutCpu,
    cpuRatio: Number((withCpu / withoutCpu).toFixed(3)),
  };
}
