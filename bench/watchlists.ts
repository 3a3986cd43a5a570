/**
 * npm run bench:watchlists — an organisation's own watchlist of many entries on PostgreSQL: a CSV import, one entry
 * added by hand (each a new version holding the whole list), the organisation's watchlist index built, and a search
 * in it. Creates a database for the run and drops it at the end.
 *
 *   --entries N  (default 20000)   --json PATH  also write the figures as JSON
 *   DUECHECK_BENCH_DATABASE_URL  PostgreSQL to create the run's database on (default postgres://postgres@127.0.0.1:5432/test)
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createUser } from "../lib/auth/users.ts";
import { WatchlistIndexes } from "../lib/screening/watchlist-index.ts";
import { seedSystemSettings } from "../lib/settings/system-settings.ts";
import { addWatchlistEntry, createWatchlist, importWatchlistCsv } from "../lib/watchlists/store.ts";
import { createBenchDatabase } from "./helpers/database.ts";
import { machine } from "./helpers/services.ts";

const { values: args } = parseArgs({ options: { entries: { type: "string", default: "20000" }, json: { type: "string" } } });
const ENTRIES = Number(args.entries);

const bench = await createBenchDatabase(`duecheck_bench_watchlists_${Date.now()}`);
const { db } = bench.database;
const figures: Record<string, number> = {};
const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const out = await work();
  figures[label] = Math.round(performance.now() - started);
  console.log(`${label.padEnd(34)} ${figures[label].toLocaleString("en")} ms`);
  return out;
};

try {
  await seedSystemSettings(db);
  const owner = await createUser(db, {
    email: "bench-owner@example.com",
    password: "bench-password",
    fullName: "Bench Owner",
    phoneNumber: "0123456789",
    company: "Bench",
    position: "Owner",
  });
  const actor = { kind: "user" as const, id: owner.id };
  const watchlist = await createWatchlist(db, actor, { name: "Exited customers" });
  const lines = ["name,entityType,aliases,birthDate,nationality,identifiers,reason"];
  for (let i = 0; i < ENTRIES; i++) {
    lines.push(`Customer${i} Family${i % 977},person,Alias${i} Family${i % 977},19${50 + (i % 50)},DE,passport:P${i},Exited ${i}`);
  }
  console.log(`Watchlist of ${ENTRIES.toLocaleString("en")} entries on ${machine()}`);
  const imported = await timed("import (CSV, a new version)", () => importWatchlistCsv(db, actor, watchlist.id, new TextEncoder().encode(lines.join("\n"))));
  if (imported.imported !== ENTRIES) throw new Error(`imported ${imported.imported} of ${ENTRIES}`);
  await timed("add one entry (a new version)", () =>
    addWatchlistEntry(db, actor, watchlist.id, {
      name: "One More",
      entityType: "person",
      aliases: [],
      identifiers: [],
      birthDate: null,
      nationality: null,
      reason: null,
    }),
  );
  const indexes = new WatchlistIndexes();
  const lists = await timed("build the organisation's index", () => indexes.open(db, owner.organisationId));
  await timed("one search in it", () => lists!.snapshot!.index.search("Customer123 Family123", { type: "person", limit: 10 }));
  await timed("open again (unchanged, kept)", () => indexes.open(db, owner.organisationId));
  if (args.json) writeFileSync(args.json, JSON.stringify({ entries: ENTRIES, machine: machine(), figures }, null, 2));
} finally {
  await bench.drop();
}
