import type { Command } from "commander";
import { listSearches } from "../../lib/screening/searches.ts";
import { searchListView } from "../../lib/screening/views.ts";
import { withDatabase } from "../database.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { cliUser } from "./search.tsx";

export function registerHistory(program: Command) {
  program
    .command("history")
    .description("A user's searches, newest first")
    .option("--user <email>", "whose searches (default: the first administrator)")
    .option("--json", "print as JSON (the shape of GET /api/searches)")
    .action(async (options: { user?: string; json?: boolean }) => {
      const { email, rows } = await withDatabase(async ({ db }) => {
        const user = await cliUser(db, options.user);
        return { email: user.email, rows: (await listSearches(db, user.id)).map(searchListView) };
      });
      if (options.json) return printJson(rows);
      console.log(`Searches of ${email}: ${rows.length}`);
      printView(
        <Table
          rows={rows}
          empty="No search history yet."
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
    });
}
