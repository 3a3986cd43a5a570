import type { Command } from "commander";
import { listAdminSearches, listAdminTransactions } from "../../lib/admin/activity.ts";
import { adminTransactionsQuerySchema } from "../../lib/admin/schemas.ts";
import { adminStats } from "../../lib/admin/stats.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit, parseSince } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { cliUser } from "../user.ts";
import { registerRetention } from "./retention.tsx";

export function registerAdmin(program: Command) {
  const admin = program.command("admin").description("The admin area: figures, everyone's searches and credit transactions, legal holds, the purge");
  registerRetention(admin);

  withLanguageOption(admin.command("stats"), "language of the output: en, de, es or fr (default en)")
    .description("The dashboard's figures (today is the UTC day) and the latest searches")
    .option("--json", "print as JSON (the shape of GET /api/admin/stats)")
    .action(async (options: { json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const stats = await withDatabase(({ db }) => adminStats(db));
      if (options.json) return printJson(stats);
      const { t } = w;
      console.log(t.admin.statsTitle);
      const rows = Object.entries(t.admin.stats).map(([key, label]) => ({ label, value: String(stats[key as keyof typeof t.admin.stats]) }));
      const width = Math.max(...rows.map((r) => r.label.length));
      for (const { label, value } of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
    });

  withLanguageOption(admin.command("searches"), "language of the output: en, de, es or fr (default en)")
    .description("Everyone's searches, newest first, with the user, credits, risk, sanctions matches and articles")
    .option("--user <email>", "only this user's searches")
    .option("--since <date>", "only searches made at or after this date or time")
    .option("--limit <n>", "searches shown, 1 to 100", "50")
    .option("--json", "print as JSON (the shape of GET /api/admin/searches)")
    .action(async (options: { user?: string; since?: string; limit: string; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const since = parseSince(options.since, w);
      const limit = parseLimit(options.limit, w);
      const page = await withDatabase(async ({ db }) => {
        const user = options.user ? await cliUser(db, options.user, w) : undefined;
        return listAdminSearches(db, { limit, range: "all", since, userEmail: user?.email });
      });
      if (options.json) return printJson(page);
      const { t } = w;
      console.log(t.admin.searchesTitle(page.total));
      printView(
        <Table
          rows={page.items}
          empty={t.admin.noSearches}
          columns={[
            { header: t.admin.columns.time, value: (s) => minute(s.createdAt) },
            { header: t.admin.columns.user, value: (s) => s.userEmail },
            { header: t.admin.columns.term, value: (s) => s.searchTerm },
            { header: t.admin.columns.automated, value: (s) => (s.isAutomated ? t.admin.yes : t.admin.no) },
            { header: t.admin.columns.credits, value: (s) => String(s.creditsUsed) },
            { header: t.admin.columns.risk, value: (s) => (s.riskLevel ? (t.levels[s.riskLevel as keyof typeof t.levels] ?? s.riskLevel) : "-") },
            { header: t.admin.columns.sanctions, value: (s) => String(s.sanctionsCount) },
            { header: t.admin.columns.media, value: (s) => String(s.mediaCount) },
          ]}
        />,
      );
    });

  withLanguageOption(admin.command("transactions"), "language of the output: en, de, es or fr (default en)")
    .description("Everyone's credit transactions, newest first")
    .option("--user <email>", "only this user's transactions")
    .option("--type <type>", "only this type: manual_search, automatic_search, credit_purchase, credit_bonus, admin_credit or credit_refund")
    .option("--limit <n>", "transactions shown, 1 to 100", "50")
    .option("--json", "print as JSON (the shape of GET /api/admin/transactions)")
    .action(async (options: { user?: string; type?: string; limit: string; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const type = adminTransactionsQuerySchema.shape.type.safeParse(options.type);
      if (!type.success) failWith(type.error.issues[0].message);
      const limit = parseLimit(options.limit, w);
      const page = await withDatabase(async ({ db }) => {
        const user = options.user ? await cliUser(db, options.user, w) : undefined;
        return listAdminTransactions(db, { limit, type: type.data, userEmail: user?.email });
      });
      if (options.json) return printJson(page);
      const { t } = w;
      console.log(t.admin.transactionsTitle(page.total));
      printView(
        <Table
          rows={page.items}
          empty={t.admin.noTransactions}
          columns={[
            { header: t.admin.columns.time, value: (r) => minute(r.createdAt) },
            { header: t.admin.columns.user, value: (r) => r.userEmail },
            { header: t.admin.columns.type, value: (r) => r.type },
            { header: t.admin.columns.amount, value: (r) => (r.amount > 0 ? `+${r.amount}` : String(r.amount)) },
            { header: t.admin.columns.balance, value: (r) => String(r.balance) },
            { header: t.admin.columns.description, value: (r) => r.description ?? "" },
          ]}
        />,
      );
    });
}
