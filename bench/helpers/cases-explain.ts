/**
 * bench:cases: the plans of the list views' queries, exactly as lib/cases/list.ts sends them. listCases runs on a
 * connection that records each statement and its parameters; each is then run again under EXPLAIN (ANALYZE, BUFFERS)
 * on another connection. Answers the in-database time of each view's page (its statements summed) and, with `print`,
 * prints the plans.
 */
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { type Db, schema } from "../../data/db.ts";
import { listCases } from "../../lib/cases/list.ts";
import { DEFAULT_PAGE_SIZE } from "../../lib/paging.ts";
import { deepCursor, expectedTotal, LIST_VIEWS, listReaders } from "./cases-lists.ts";

export async function explainListQueries(db: Db, databaseUrl: string, options: { members: number; print: boolean }) {
  const statements: { query: string; params: unknown[] }[] = [];
  const traced = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, params) => {
      if (!query.startsWith("explain")) statements.push({ query, params: params as unknown[] });
    },
  });
  const plain = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const tracedDb = drizzle(traced, { schema, casing: "snake_case" }) as unknown as Db;
  const [reader] = await listReaders(db);
  const out: { view: string; ms: number }[] = [];
  try {
    for (const view of LIST_VIEWS) {
      const total = await expectedTotal(db, view, reader);
      const { cursor } = await deepCursor(db, view, reader, total);
      for (const [page, pageCursor] of [
        ["first", undefined],
        ["deep", cursor],
      ] as const) {
        statements.length = 0;
        await listCases(tracedDb, reader, { limit: DEFAULT_PAGE_SIZE, cursor: pageCursor, ...view.filter });
        let ms = 0;
        for (const { query, params } of statements) {
          const plan = (await plain.unsafe(`explain (analyze, buffers) ${query}`, params as never[])) as unknown as { "QUERY PLAN": string }[];
          const lines = plan.map((l) => l["QUERY PLAN"]);
          ms += Number(/Execution Time: ([\d.]+) ms/.exec(lines.at(-1) ?? "")?.[1] ?? 0);
          if (options.print) console.log(`\n--- ${view.name}, ${page} page ---\n${query}\n${lines.join("\n")}`);
        }
        out.push({ view: `${view.name} ${page}`, ms: Number(ms.toFixed(1)) });
      }
    }
  } finally {
    await traced.end();
    await plain.end();
  }
  return out;
}
