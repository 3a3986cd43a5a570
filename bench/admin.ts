/**
 * npm run bench:admin — the admin area's lists and dashboard on a large install.
 *
 * Creates a PostgreSQL database for the run with 1,000 users, 100,000 searches over 90 days (each with a stored
 * result and its ledger charge) and 2,000 purchases, runs VACUUM ANALYZE (as autovacuum would after such a load),
 * starts the app as its own process and measures over real HTTP, signed in as an admin: GET /api/admin/stats and
 * the first page of each admin list, unfiltered and filtered. Drops the database at the end.
 *
 *   --users N  (default 1000)   --searches N  (default 100000)   --requests N  per measurement (default 100)
 *   --json PATH  also write the figures as JSON      --keep  leave the database (for EXPLAIN) and print its URL
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createUser } from "../lib/auth/users.ts";
import { seedSystemSettings } from "../lib/settings/system-settings.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { answeringServerEnv, machine, signIn, startServer } from "./helpers/services.ts";

const { values: args } = parseArgs({
  options: {
    users: { type: "string", default: "1000" },
    searches: { type: "string", default: "100000" },
    requests: { type: "string", default: "100" },
    json: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const USERS = Number(args.users);
const SEARCHES = Number(args.searches);
const REQUESTS = Number(args.requests);
const PASSWORD = "bench-password";
/** p95 targets on PostgreSQL: each admin list under 200 ms, the stats under 300 ms. */
const LIST_TARGET_MS = 200;
const STATS_TARGET_MS = 300;

const dbName = `duecheck_bench_admin_${Date.now()}`;
const bench = await createBenchDatabase(dbName);
const { databaseUrl } = bench;
const { db } = bench.database;

let server: Awaited<ReturnType<typeof startServer>> | undefined;
let failed = false;
try {
  await seedSystemSettings(db);
  await createUser(db, {
    email: "admin@example.com",
    password: PASSWORD,
    fullName: "Bench Admin",
    phoneNumber: "0123456789",
    company: "Bench",
    position: "Admin",
    role: "admin",
  });
  const insertStarted = performance.now();
  // The users share one password hash and the admin's organisation; the last sign-in of a tenth of them is today.
  await db.execute(sql`
    insert into users (email, password, full_name, company, position, last_login, created_at, organisation_id, organisation_role)
    select 'user' || i || '@example.com', (select password from users limit 1), 'User ' || i || ' ' || (array['Schneider','Dupont','Lopez','Novak','Petrova','Rossi'])[1 + i % 6],
           (array['Acme Trading','Nordic Timber','Global Shipping','Fischer Compliance'])[1 + i % 4] || ' ' || (i % 50), 'Analyst',
           case when i % 10 = 0 then now() - interval '1 hour' else now() - interval '20 days' end,
           now() - interval '120 days' + i * interval '1 minute', (select organisation_id from users limit 1), 'analyst'
    from generate_series(1, ${USERS - 1}::int) as i`);
  const per = Math.round((90 * 86_400) / SEARCHES);
  for (let start = 0; start < SEARCHES; start += 20_000) {
    await db.execute(sql`
      with u as (select id, organisation_id, row_number() over (order by created_at) - 1 as n from users where role = 'user'),
      rows as (
        select i, (array['Rustam Karimov','Maria Schneider','Acme Trading','Jean Dupont','Global Shipping','Ana Lopez','Viktor Novak','Nordic Timber',
                         'Chen Wei','Ali Hassan','Peter Novak','Olga Petrova','Hans Becker','Lucia Romero','Marco Rossi'])[1 + i % 15]
                  || ' ' || (i % 4 + 1)::text || chr(65 + (i / 15) % 26) as name,
               now() - interval '90 days' + (i * ${per}::int) * interval '1 second' as ts
        from generate_series(${start + 1}::int, ${Math.min(start + 20_000, SEARCHES)}::int) as i
      ),
      inserted as (
        insert into searches (user_id, organisation_id, search_term, entity_name, entity_type, status, risk_level, ai_summary, results, is_automated, credits_used, created_at, updated_at)
        select u.id, u.organisation_id, name, name, case when i % 3 = 0 then 'company'::entity_type else 'person'::entity_type end, 'completed',
               (array['low','medium','high','critical'])[1 + i % 4],
               repeat('The screening found no sanctions match and two neutral articles. ', 9),
               jsonb_build_object('clean', i % 4 = 0,
                 'sanctionsList', jsonb_build_array(jsonb_build_object('source', 'OFAC', 'match', i % 7 = 0), jsonb_build_object('source', 'EU', 'match', false)),
                 'adverseMedia', jsonb_build_array(
                   jsonb_build_object('title', name || ' attends trade conference', 'url', 'https://news.example/' || i, 'category', 'others', 'snippet', repeat('text ', 60)),
                   jsonb_build_object('title', name || ' annual report', 'url', 'https://news.example/r' || i, 'category', 'others', 'snippet', repeat('text ', 60)))),
               i % 5 <> 0, case when i % 5 = 0 then 10 else 1 end, ts, ts
        from rows join u on u.n = i % ${USERS - 1}::int
        returning id, user_id, credits_used, is_automated, created_at
      )
      insert into credit_transactions (user_id, organisation_id, search_id, type, amount, balance, description, created_at)
      select user_id, (select organisation_id from users where users.id = user_id), id, case when is_automated then 'automatic_search'::credit_transaction_type else 'manual_search'::credit_transaction_type end,
             -credits_used, 500, 'Search', created_at
      from inserted`);
  }
  await db.execute(sql`
    insert into purchases (user_id, credits, amount, payment_intent_id, status, succeeded_at, created_at)
    select (select id from users where email = 'user' || (1 + i % ${USERS - 1}::int) || '@example.com'), 500, 10900, 'pi_bench_' || i,
           case when i % 20 = 0 then 'failed' else 'succeeded' end, now() - i * interval '1 hour', now() - i * interval '1 hour'
    from generate_series(1, 2000) as i`);
  await db.execute(sql`vacuum analyze`);
  const insertSeconds = (performance.now() - insertStarted) / 1000;

  server = await startServer(answeringServerEnv(databaseUrl, `/tmp/${dbName}`), { stdout: "ignore" });
  const base = server.url;
  const cookie = await signIn(base, "admin@example.com", PASSWORD);

  const measure = async (path: string) => {
    const run = async () => {
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      const body = (await res.json()) as { items?: unknown[]; totalSearches?: number };
      if (res.status !== 200 || (body.items ? body.items.length === 0 : !body.totalSearches)) throw new Error(`unexpected answer ${res.status} for ${path}`);
    };
    for (let i = 0; i < 10; i++) await run();
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

  const calls: [string, string, number][] = [
    ["stats", "/api/admin/stats", STATS_TARGET_MS],
    ["users", "/api/admin/users", LIST_TARGET_MS],
    ["users q=novak", "/api/admin/users?q=novak", LIST_TARGET_MS],
    ["searches", "/api/admin/searches", LIST_TARGET_MS],
    ["searches range=today", "/api/admin/searches?range=today", LIST_TARGET_MS],
    ["searches q=karimov", "/api/admin/searches?q=karimov", LIST_TARGET_MS],
    ["transactions", "/api/admin/transactions", LIST_TARGET_MS],
    ["transactions type=manual_search", "/api/admin/transactions?type=manual_search", LIST_TARGET_MS],
    ["transactions q=user12", "/api/admin/transactions?q=user12", LIST_TARGET_MS],
  ];
  const results: Record<string, { p50: number; p95: number; max: number; targetP95: number }> = {};
  for (const [name, path, target] of calls) results[name] = { ...(await measure(path)), targetP95: target };
  const figures = {
    machine: machine(),
    users: USERS,
    searches: SEARCHES,
    insertAndVacuumSeconds: Number(insertSeconds.toFixed(1)),
    requests: REQUESTS,
    results,
  };
  console.log(
    `\nAdmin area — ${figures.machine}\n  ${USERS.toLocaleString("en")} users, ${SEARCHES.toLocaleString("en")} searches and their ledger entries, 2,000 purchases (inserted and vacuumed in ${figures.insertAndVacuumSeconds} s); ${REQUESTS} requests each over HTTP, after 10 warm-up`,
  );
  for (const [name, m] of Object.entries(results)) {
    const ok = m.p95 < m.targetP95;
    if (!ok) failed = true;
    console.log(`  ${name.padEnd(34)} p50 ${m.p50} ms, p95 ${m.p95} ms, max ${m.max} ms  (target p95 < ${m.targetP95} ms: ${ok ? "met" : "MISSED"})`);
  }
  if (args.json) await Bun.write(args.json, JSON.stringify(figures, null, 2));
} finally {
  await server?.stop();
  if (args.keep) {
    await bench.close();
    console.log(`kept: ${databaseUrl}`);
  } else await bench.drop();
}
if (failed) process.exit(1);
