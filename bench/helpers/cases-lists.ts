/**
 * bench:cases, part 1: the case list's views over HTTP, as ten members of the measured organisation in turn (five
 * reviewers and five analysts, who read the team's cases), the first page and a deep page of each. Every answer is
 * checked as a user would: its total against a count in SQL, each item against the view (mine, unassigned,
 * overdue), and the page's order (newest first; Overdue by due date, the latest case first).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../data/db.ts";
import type { CaseReader } from "../../lib/cases/access.ts";
import type { CaseListFilter, CaseListItemView } from "../../lib/cases/contract.ts";
import { type Cursor, DEFAULT_PAGE_SIZE, encodeCursor } from "../../lib/paging.ts";
import { memberEmail, rowsOf as rowsOfResult } from "./cases-seed.ts";
import { cpuSecondsOf } from "./cpu.ts";
import { signIn } from "./services.ts";
import { type Timing, timing } from "./timing.ts";

export interface ListReader extends CaseReader {
  email: string;
}

export interface ListView {
  name: string;
  query: string;
  filter: CaseListFilter;
  /** The view's condition in SQL on `cases`, for the expected totals. */
  where: (reader: ListReader) => SQL;
  /** What every item of the view shows. */
  holds: (item: CaseListItemView, reader: ListReader) => boolean;
  /** Its total moves while it is measured (cases fall overdue as time passes). */
  moving?: boolean;
  /** Measured for information: no target. */
  info?: boolean;
  /** The list's order, as lib/cases/list.ts pages it: its timestamp column and direction (default created_at, newest first). */
  order?: { column: "due_at"; direction: "asc" };
}

export const LIST_VIEWS: ListView[] = [
  {
    name: "Mine",
    query: "assignee=me",
    filter: { assignee: "me" },
    where: (r) => sql`assignee_id = ${r.id}::uuid`,
    holds: (item, r) => item.assignee?.id === r.id,
  },
  {
    name: "Unassigned",
    query: "assignee=unassigned",
    filter: { assignee: "unassigned" },
    where: () => sql`assignee_id is null`,
    holds: (item) => item.assignee === null,
  },
  {
    name: "Overdue",
    query: "overdue=true",
    filter: { overdue: "true" },
    where: () => sql`status <> 'closed' and due_at < now()`,
    holds: (item) => item.overdue,
    moving: true,
    // The latest case first: by due date, the cursor on (due_at, id).
    order: { column: "due_at", direction: "asc" },
  },
  {
    // Whether the tag filter (containment on the array) needs a GIN index: one tag, on about one case in twelve.
    name: "Tag",
    query: "tag=sar-candidate",
    filter: { tag: ["sar-candidate"] },
    where: () => sql`tags @> array['sar-candidate']::text[]`,
    holds: (item) => item.tags.includes("sar-candidate"),
    info: true,
  },
];

/** The page's items in the view's order (to the millisecond the answer gives). */
function inOrder(view: ListView, items: CaseListItemView[]): boolean {
  const at = (x: CaseListItemView) => (view.order ? x.dueAt : x.createdAt);
  return items.every((x, i) => i === 0 || (view.order ? at(items[i - 1]) <= at(x) : at(items[i - 1]) >= at(x)));
}

const rowsOf = async <T>(db: Db, query: SQL) => rowsOfResult(await db.execute(query)) as T[];

/** Members 2 to 11 of the measured organisation: its five reviewers and five analysts. */
export async function listReaders(db: Db): Promise<ListReader[]> {
  const emails = Array.from({ length: 10 }, (_, i) => memberEmail(0, 2 + i));
  return rowsOf<ListReader>(
    db,
    sql`select id, email, role, organisation_id as "organisationId", organisation_role as "organisationRole" from users
        where email in ${sql.raw(`(${emails.map((e) => `'${e}'`).join(",")})`)} order by created_at`,
  );
}

export async function expectedTotal(db: Db, view: ListView, reader: ListReader): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from cases where organisation_id = ${reader.organisationId}::uuid and ${view.where(reader)}`,
  );
  return row.n;
}

/** The cursor of the view's middle row, in the view's order: the next page starts half way down the list. */
export async function deepCursor(db: Db, view: ListView, reader: ListReader, total: number): Promise<{ cursor: Cursor; offset: number }> {
  const offset = Math.floor(total / 2);
  const column = sql.raw(view.order?.column ?? "created_at");
  const direction = sql.raw(view.order?.direction ?? "desc");
  const [row] = await rowsOf<Cursor>(
    db,
    sql`select to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt", id from cases
        where organisation_id = ${reader.organisationId}::uuid and ${view.where(reader)}
        order by ${column} ${direction}, id ${direction} offset ${offset} limit 1`,
  );
  return { cursor: row, offset };
}

export interface ListMeasure extends Timing {
  view: string;
  /** The totals the members saw. */
  totals: string;
  /** Every answer's total and items as expected. */
  checked: boolean;
  info: boolean;
  /**
   * CPU milliseconds a request cost the server process and the database's backends (PGlite runs inside the server):
   * what it would take on an idle machine, whatever else shares this one.
   */
  cpuMs: number;
}
export type ListFigures = ListMeasure[];

/** CPU seconds of the server process and of the PostgreSQL backends serving this database (none on PGlite). */
export async function serverCpu(db: Db, serverPid: number, postgres: boolean): Promise<Map<number, number>> {
  const pids = postgres ? (await rowsOf<{ pid: number }>(db, sql`select pid from pg_stat_activity where datname = current_database()`)).map((r) => r.pid) : [];
  return new Map([serverPid, ...pids].map((pid) => [pid, cpuSecondsOf(pid)]));
}
export const cpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((n, [pid, seconds]) => n + seconds - (before.get(pid) ?? seconds), 0);

export async function measureListViews(
  db: Db,
  base: string,
  options: { members: number; requests: number; password: string; serverPid: number; postgres: boolean },
): Promise<ListFigures> {
  const readers = await listReaders(db);
  const cookies = await Promise.all(readers.map((r) => signIn(base, r.email, options.password)));
  const figures: ListFigures = [];
  for (const view of LIST_VIEWS) {
    const before = await Promise.all(readers.map((r) => expectedTotal(db, view, r)));
    const deep = await Promise.all(readers.map((r, i) => deepCursor(db, view, r, before[i])));
    for (const page of ["first page", "deep page"] as const) {
      const seen: { reader: number; total: number; items: number; wrong: number; ordered: boolean }[] = [];
      const call = async (i: number) => {
        const t = i % readers.length;
        const cursor = page === "deep page" ? `&cursor=${encodeCursor(deep[t].cursor)}` : "";
        const res = await fetch(`${base}/api/cases?${view.query}${cursor}`, { headers: { cookie: cookies[t] } });
        if (res.status !== 200) throw new Error(`GET /api/cases?${view.query}: ${res.status} ${await res.text()}`);
        const answer = (await res.json()) as { items: CaseListItemView[]; total: number };
        seen.push({
          reader: t,
          total: answer.total,
          items: answer.items.length,
          wrong: answer.items.filter((x) => !view.holds(x, readers[t])).length,
          ordered: inOrder(view, answer.items),
        });
      };
      for (let i = 0; i < 20; i++) await call(i);
      const times: number[] = [];
      const cpuBefore = await serverCpu(db, options.serverPid, options.postgres);
      for (let i = 0; i < options.requests; i++) {
        const started = performance.now();
        await call(i);
        times.push(performance.now() - started);
      }
      const cpuMs = Number(((1000 * cpuBetween(cpuBefore, await serverCpu(db, options.serverPid, options.postgres))) / options.requests).toFixed(1));
      const after = view.moving ? await Promise.all(readers.map((r) => expectedTotal(db, view, r))) : before;
      const checked = seen.every((s) => {
        const totalOk = s.total >= before[s.reader] && s.total <= after[s.reader];
        const left = page === "first page" ? s.total : s.total - deep[s.reader].offset - 1;
        const itemsOk = view.moving ? s.items > 0 && s.items <= DEFAULT_PAGE_SIZE : s.items === Math.min(DEFAULT_PAGE_SIZE, left);
        return totalOk && itemsOk && s.wrong === 0 && s.ordered;
      });
      const totals = [...new Set(before)].sort((a, b) => a - b);
      figures.push({
        view: `${view.name} (?${view.query}), ${page}`,
        totals: totals.length === 1 ? totals[0].toLocaleString("en") : `${totals[0].toLocaleString("en")} to ${totals.at(-1)!.toLocaleString("en")}`,
        checked,
        info: !!view.info,
        cpuMs,
        ...timing(times, 1),
      });
    }
  }
  return figures;
}
