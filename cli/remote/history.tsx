/** `duecheck history` against a server: GET /search, a page of the API key's owner's searches (or their team's). */
import type { Command } from "commander";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { parseLimit } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { localOnlyCommand, type RemoteOptions, refuseUserOption, remoteClient, withRemoteOptions } from "./client.ts";

interface HistoryOptions extends RemoteOptions {
  user?: string;
  limit: string;
  before?: string;
  team?: boolean;
  json?: boolean;
  language?: string;
}

/** A date or time is sent as `before`; anything else is the cursor a previous page printed. */
const isMoment = (text: string) => /^\d{4}-\d{2}-\d{2}/.test(text);

export function registerRemoteHistory(program: Command) {
  const history = withRemoteOptions(withLanguageOption(program.command("history")))
    .description("The API key's owner's searches on the server, newest first, a page at a time")
    .option("--user <email>", "this machine's database only: against a server, the API key's owner's searches")
    .option("--limit <n>", "searches per page, 1 to 100", "50")
    .option("--before <date or cursor>", "only searches made before this date or time, or the next page after a cursor")
    .option("--team", "the whole team's searches the key's owner may read, with who searched (default: their own)")
    .option("--json", "print as JSON (the shape of GET /api/v1/search: items, nextCursor, total)")
    .action(async (options: HistoryOptions) => {
      const shown = words(askedLanguage(options.language));
      const { t, labels } = shown;
      refuseUserOption(options);
      const limit = parseLimit(options.limit, shown);
      const before = options.before;
      if (before !== undefined && isMoment(before) && Number.isNaN(new Date(before).getTime())) failWith(t.history.beforeInvalid(before));
      const page = await remoteClient(options).listSearches({
        limit,
        scope: options.team ? "team" : "mine",
        ...(before === undefined ? {} : isMoment(before) ? { before } : { cursor: before }),
      });
      if (options.json) return printJson(page);
      console.log((options.team ? t.history.teamTitle : t.history.title)(options.server ?? process.env.DUECHECK_SERVER ?? "", page.total));
      printView(
        <Table
          rows={page.items}
          empty={before ? t.history.noOlder : t.history.empty}
          columns={[
            { header: t.history.columns.date, value: (s) => s.createdAt.slice(0, 16).replace("T", " ") },
            { header: t.history.columns.name, value: (s) => s.searchTerm },
            { header: t.history.columns.type, value: (s) => labels.entity[s.entityType] },
            { header: t.history.columns.status, value: (s) => t.statuses[s.status] },
            { header: t.history.columns.risk, value: (s) => (s.riskLevel ? t.levels[s.riskLevel] : "-") },
            ...(options.team ? [{ header: t.history.columns.by, value: (s: (typeof page.items)[number]) => s.searchedBy.name ?? "-" }] : []),
            { header: t.history.columns.id, value: (s) => s.id },
          ]}
        />,
      );
      if (page.nextCursor) {
        const language = options.language ? ` --language ${options.language}` : "";
        console.log(t.history.older(`duecheck history${language}${options.team ? " --team" : ""} --limit ${limit} --before ${page.nextCursor}`));
      }
    });
  localOnlyCommand(history, "export", "Export the history as CSV or Excel");
}
