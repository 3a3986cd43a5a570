/**
 * npm run bench:history — the first page of a long search history.
 *
 * Creates a PostgreSQL database for the run, inserts 100,000 searches of one user (two years of daily
 * monitoring re-checks and manual searches, each with a stored result and summary) and 100,000 of 20 other users
 * interleaved in time, runs VACUUM ANALYZE (as autovacuum would after such a load), then measures GET
 * /api/searches over real HTTP against the app as its own process, and listSearches in process: the first page,
 * a page 50,000 rows deep (by its cursor) and the first page filtered by a term. Drops the database at the end.
 *
 *   --rows N        searches of the measured user (default 100000)     --requests N   per measurement (default 300)
 *   --json PATH     also write the figures as JSON      --keep   leave the database (for EXPLAIN) and print its URL
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createUser } from "../lib/auth/users.ts";
import { encodeCursor } from "../lib/paging.ts";
import { listSearches } from "../lib/screening/searches.ts";
import { seedSystemSettings } from "../lib/settings/system-settings.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine, signIn, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "100000" },
    requests: { type: "string", default: "300" },
    json: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const ROWS = Number(args.rows);
const REQUESTS = Number(args.requests);
const OTHER_USERS = 20;
const PASSWORD = "bench-password";
const FILTER = "karimov";

// --- the run's database ---
const dbName = `duecheck_bench_history_${Date.now()}`;
const bench = await createBenchDatabase(dbName);
const { databaseUrl } = bench;
const { db } = bench.database;

let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await seedSystemSettings(db);
  const user = await createUser(db, {
    email: "analyst@example.com",
    password: PASSWORD,
    fullName: "Long History",
    phoneNumber: "0123456789",
    company: "Bench",
    position: "Analyst",
  });
  const others = [];
  for (let i = 0; i < OTHER_USERS; i++) {
    others.push(
      (
        await createUser(db, {
          email: `other${i}@example.com`,
          password: PASSWORD,
          fullName: `Other ${i}`,
          phoneNumber: "0123456789",
          company: "Bench",
          position: "Analyst",
        })
      ).id,
    );
  }

  // 60 names (one in 60 contains the filter term), a result of about 1 KB and a summary of about 600 characters.
  const insertStarted = performance.now();
  const insert = (userId: string, count: number, offsetSeconds: number) =>
    db.execute(sql`
      insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, risk_level, ai_summary, results, is_automated, credits_used, created_at, updated_at)
      select ${userId}::uuid, (select organisation_id from users where id = ${userId}::uuid), name, name, case when i % 3 = 0 then 'company'::entity_type else 'person'::entity_type end, 'completed',
             (array['low','medium','high','critical'])[1 + i % 4],
             repeat('The screening found no sanctions match and two neutral articles. ', 9),
             jsonb_build_object('clean', i % 4 = 0, 'sanctionsList', '[]'::jsonb, 'adverseMedia', jsonb_build_array(
               jsonb_build_object('title', name || ' attends trade conference', 'url', 'https://news.example/' || i, 'category', 'others', 'snippet', repeat('text ', 60)),
               jsonb_build_object('title', name || ' annual report', 'url', 'https://news.example/r' || i, 'category', 'others', 'snippet', repeat('text ', 60)))),
             i % 5 <> 0, case when i % 5 = 0 then 10 else 1 end, ts, ts
      from (
        select i, (array['Rustam Karimov','Maria Schneider','Acme Trading','Jean Dupont','Global Shipping','Ana Lopez','Viktor Novak','Nordic Timber',
                        'Chen Wei','Ali Hassan','Peter Novak','Olga Petrova','Hans Becker','Lucia Romero','Marco Rossi'])[1 + i % 15]
                 || ' ' || (i % 4 + 1)::text || chr(65 + (i / 15) % 26) as name,
               timestamptz '2024-11-01' + (i * ${Math.round((2 * 365 * 86_400) / ROWS)} + ${offsetSeconds}) * interval '1 second' as ts
        from generate_series(1, ${count}) as i
      ) rows`);
  for (let start = 0; start < ROWS; start += 20_000) await insert(user.id, Math.min(20_000, ROWS - start), start);
  for (const [n, other] of others.entries()) await insert(other, Math.round(ROWS / OTHER_USERS), n + 7);
  await db.execute(sql`vacuum analyze searches`);
  const insertSeconds = (performance.now() - insertStarted) / 1000;
  const [{ n: matching }] = (await db.execute(
    sql`select count(*)::int as n from searches where user_id = ${user.id}::uuid and search_term ilike ${`%${FILTER}%`}`,
  )) as unknown as { n: number }[];

  // The cursor of the row 50,000 deep, as the client would hold it after 1,000 pages.
  const [deep] = (await db.execute(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt", id::text as id
    from searches where user_id = ${user.id}::uuid order by created_at desc, id desc offset ${Math.floor(ROWS / 2)} limit 1`)) as unknown as {
    createdAt: string;
    id: string;
  }[];
  const deepCursor = encodeCursor(deep);

  // --- the app as its own process ---
  server = await startServer(
    { DATABASE_URL: databaseUrl, DUECHECK_DATA_DIR: `/tmp/${dbName}`, DUECHECK_DATASET_SCHEDULER: "0", DUECHECK_JOB_CONCURRENCY: "0" },
    { stdout: "ignore" },
  );
  const base = server.url;
  const cookie = await signIn(base, "analyst@example.com", PASSWORD);

  const measure = async (run: () => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1));
    return { p50: pct(50), p95: pct(95), max: Number(times.at(-1)!.toFixed(1)) };
  };
  const overHttp = (query: string, expectTotal: number) => async () => {
    const res = await fetch(`${base}/api/searches${query}`, { headers: { cookie } });
    const body = (await res.json()) as { items: unknown[]; total: number };
    if (res.status !== 200 || body.total !== expectTotal || body.items.length === 0) throw new Error(`unexpected answer ${res.status}`);
  };
  const inProcess = (request: Parameters<typeof listSearches>[2]) => () => listSearches(db, user, request);

  const figures = {
    machine: machine(),
    rows: ROWS,
    otherRows: Math.round(ROWS / OTHER_USERS) * OTHER_USERS,
    insertAndVacuumSeconds: Number(insertSeconds.toFixed(1)),
    requests: REQUESTS,
    http: {
      firstPage: await measure(overHttp("", ROWS)),
      deepPage: await measure(overHttp(`?cursor=${deepCursor}`, ROWS)),
      filteredFirstPage: await measure(overHttp(`?q=${FILTER}`, matching)),
    },
    inProcess: {
      firstPage: await measure(inProcess({ limit: 50 })),
      deepPage: await measure(inProcess({ limit: 50, cursor: deep })),
      filteredFirstPage: await measure(inProcess({ limit: 50, q: FILTER })),
    },
    filterMatches: matching,
  };
  const line = (m: { p50: number; p95: number; max: number }) => `p50 ${m.p50} ms, p95 ${m.p95} ms, max ${m.max} ms`;
  console.log(`
Search history paging — ${figures.machine}
  ${ROWS.toLocaleString("en")} searches of one user, ${figures.otherRows.toLocaleString("en")} of ${OTHER_USERS} others (inserted and vacuumed in ${figures.insertAndVacuumSeconds} s); ${REQUESTS} requests each, after 20 warm-up
  over HTTP   first page (50)          ${line(figures.http.firstPage)}
              page 50,000 rows deep    ${line(figures.http.deepPage)}
              filtered "${FILTER}" (${matching} rows) ${line(figures.http.filteredFirstPage)}
  in process  first page (50)          ${line(figures.inProcess.firstPage)}
              page 50,000 rows deep    ${line(figures.inProcess.deepPage)}
              filtered "${FILTER}"           ${line(figures.inProcess.filteredFirstPage)}
`);
  if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
} finally {
  await server?.stop();
  if (args.keep) {
    await bench.close();
    console.log(`kept: ${databaseUrl}`);
  } else await bench.drop();
}
