import type { Command } from "commander";
import { cursorBefore, decodeCursor, pageQuerySchema, type Cursor } from "../../lib/paging.ts";
import { listSearches } from "../../lib/screening/searches.ts";
import { searchListView } from "../../lib/screening/views.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { cliUser } from "./search.tsx";

interface HistoryOptions {
  user?: string;
  limit: string;
  before?: string;
  json?: boolean;
}

/** --before takes a date or time (searches made before it) or the cursor a previous page printed. */
function parseBefore(text: string): Cursor {
  const cursor = decodeCursor(text);
  if (cursor) return cursor;
  const moment = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(text) : undefined;
  if (moment && !Number.isNaN(moment.getTime())) return cursorBefore(moment);
  failWith(`--before must be a date such as 2025-01-31 or 2025-01-31T12:00:00Z, or the cursor of a previous page, got '${text}'`);
}

export function registerHistory(program: Command) {
  program
    .command("history")
    .description("A user's searches, newest first, a page at a time")
    .option("--user <email>", "whose searches (default: the first administrator)")
    .option("--limit <n>", "searches per page, 1 to 100", "50")
    .option("--before <date or cursor>", "only searches made before this date or time, or the next page after a cursor")
    .option("--json", "print as JSON (the shape of GET /api/searches: items, nextCursor, total)")
    .action(async (options: HistoryOptions) => {
      const parsed = pageQuerySchema.shape.limit.safeParse(options.limit);
      if (!parsed.success || !/^\d+$/.test(options.limit)) failWith(`--limit must be a whole number from 1 to 100, got '${options.limit}'`);
      const cursor = options.before === undefined ? undefined : parseBefore(options.before);
      const { email, page } = await withDatabase(async ({ db }) => {
        const user = await cliUser(db, options.user);
        const found = await listSearches(db, user.id, { limit: parsed.data, cursor });
        return { email: user.email, page: { ...found, items: found.items.map(searchListView) } };
      });
      if (options.json) return printJson(page);
      console.log(`Searches of ${email}: ${page.total}`);
      printView(
        <Table
          rows={page.items}
          empty={cursor ? "No older searches." : "No search history yet."}
          columns={[
            { header: "DATE", value: (s) => s.createdAt.slice(0, 16).replace("T", " ") },
            { header: "NAME", value: (s) => s.searchTerm },
            { header: "TYPE", value: (s) => s.entityType },
            { header: "STATUS", value: (s) => s.status },
            { header: "RISK", value: (s) => s.riskLevel ?? "-" },
            { header: "ID", value: (s) => s.id },
          ]}
        />,
      );
      if (page.nextCursor) {
        const user = options.user ? ` --user ${options.user}` : "";
        console.log(`Older searches: duecheck history${user} --limit ${parsed.data} --before ${page.nextCursor}`);
      }
    });
}
