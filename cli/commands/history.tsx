import type { Command } from "commander";
import { type Cursor, cursorBefore, decodeCursor, pageQuerySchema } from "../../lib/paging.ts";
import { listSearches } from "../../lib/screening/searches.ts";
import { searchListView } from "../../lib/screening/views.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { withCliUser } from "../user.ts";
import { registerHistoryExport } from "./records-export.ts";

interface HistoryOptions {
  user?: string;
  limit: string;
  before?: string;
  team?: boolean;
  json?: boolean;
  language?: string;
}

/** --before takes a date or time (searches made before it) or the cursor a previous page printed. */
function parseBefore(text: string, { t }: Words): Cursor {
  const cursor = decodeCursor(text);
  if (cursor) return cursor;
  const moment = /^\d{4}-\d{2}-\d{2}/.test(text) ? new Date(text) : undefined;
  if (moment && !Number.isNaN(moment.getTime())) return cursorBefore(moment);
  failWith(t.history.beforeInvalid(text));
}

export function registerHistory(program: Command) {
  const history = withLanguageOption(program.command("history"))
    .description("A user's searches, newest first, a page at a time")
    .option("--user <email>", "whose searches (default: the first administrator)")
    .option("--limit <n>", "searches per page, 1 to 100", "50")
    .option("--before <date or cursor>", "only searches made before this date or time, or the next page after a cursor")
    .option("--team", "the whole team's searches the user may read, with who searched (default: the user's own)")
    .option("--json", "print as JSON (the shape of GET /api/searches: items, nextCursor, total)")
    .action(async (options: HistoryOptions) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const parsed = pageQuerySchema.shape.limit.safeParse(options.limit);
      if (!parsed.success || !/^\d+$/.test(options.limit)) failWith(early.t.history.limitInvalid(options.limit));
      const cursor = options.before === undefined ? undefined : parseBefore(options.before, early);
      const { email, page, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const found = await listSearches(db, user, { limit: parsed.data, cursor, scope: options.team ? "team" : "mine" });
        return { email: user.email, page: { ...found, items: found.items.map(searchListView) }, shown };
      });
      if (options.json) return printJson(page);
      const { t, labels } = shown;
      console.log((options.team ? t.history.teamTitle : t.history.title)(email, page.total));
      printView(
        <Table
          rows={page.items}
          empty={cursor ? t.history.noOlder : t.history.empty}
          columns={[
            { header: t.history.columns.date, value: (s) => s.createdAt.slice(0, 16).replace("T", " ") },
            { header: t.history.columns.name, value: (s) => s.searchTerm },
            { header: t.history.columns.type, value: (s) => labels.entity[s.entityType] },
            { header: t.history.columns.status, value: (s) => t.statuses[s.status] },
            { header: t.history.columns.risk, value: (s) => (s.riskLevel ? (t.levels[s.riskLevel as keyof typeof t.levels] ?? s.riskLevel) : "-") },
            ...(options.team ? [{ header: t.history.columns.by, value: (s: (typeof page.items)[number]) => s.searchedBy.name ?? "-" }] : []),
            { header: t.history.columns.id, value: (s) => s.id },
          ]}
        />,
      );
      if (page.nextCursor) {
        const user = options.user ? ` --user ${options.user}` : "";
        const language = options.language ? ` --language ${options.language}` : "";
        const team = options.team ? " --team" : "";
        console.log(t.history.older(`duecheck history${user}${language}${team} --limit ${parsed.data} --before ${page.nextCursor}`));
      }
    });
  registerHistoryExport(history);
}
