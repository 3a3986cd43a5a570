import type { Command } from "commander";
import { listAuditEntries } from "../../lib/admin/audit-log.ts";
import { withDatabase } from "../database.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit, parseSince } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { cliUser } from "./search.tsx";

export function registerAudit(program: Command) {
  withLanguageOption(program.command("audit"), "language of the output: en, de, es or fr (default en)")
    .description("The audit log, newest first: who did what to which record")
    .option("--since <date>", "only entries at or after this date or time")
    .option("--actor <email>", "only what this user did")
    .option("--limit <n>", "entries shown, 1 to 100", "50")
    .option("--json", "print as JSON")
    .action(async (options: { since?: string; actor?: string; limit: string; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const since = parseSince(options.since, w);
      const limit = parseLimit(options.limit, w);
      const entries = await withDatabase(async ({ db }) => {
        const actor = options.actor ? await cliUser(db, options.actor, w) : undefined;
        return listAuditEntries(db, { limit, since, actorUserId: actor?.id });
      });
      if (options.json) return printJson({ items: entries });
      const { t } = w;
      console.log(t.admin.auditTitle(entries.length));
      printView(
        <Table
          rows={entries}
          empty={t.admin.noEntries}
          columns={[
            { header: t.admin.columns.time, value: (e) => minute(e.at) },
            { header: t.admin.columns.actor, value: (e) => e.actorEmail ?? (e.actorKind === "cli" || e.actorKind === "system" ? t.admin.system : e.actorKind) },
            { header: t.admin.columns.action, value: (e) => e.action },
            { header: t.admin.columns.target, value: (e) => [e.targetType, e.targetEmail ?? e.targetId].filter(Boolean).join(" ") },
            { header: t.admin.columns.details, value: (e) => (e.details ? JSON.stringify(e.details).slice(0, 120) : "") },
          ]}
        />,
      );
    });
}
