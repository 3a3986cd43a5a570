import type { Command } from "commander";
import { verifyAuditChain } from "../../lib/audit/chain.ts";
import { listAuditEntries } from "../../lib/audit/list.ts";
import { isUuid } from "../../lib/ids.ts";
import { ORGANISATION_NOT_FOUND } from "../../lib/organisations/actor.ts";
import { showOrganisation } from "../../lib/organisations/organisation.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { minute, parseLimit, parseSince } from "../options.ts";
import { AuditList } from "../ui/audit-list.tsx";
import { printJson, printView } from "../ui/render.tsx";
import { cliUser } from "../user.ts";

export function registerAudit(program: Command) {
  const audit = withLanguageOption(program.command("audit"), "language of the output: en, de, es or fr (default en)")
    .description("The audit log, newest first: who did what to which record")
    .option("--since <date>", "only entries at or after this date or time")
    .option("--actor <email>", "only what this user did")
    .option("--org <id>", "only this organisation's entries (made by its members or about its records)")
    .option("--limit <n>", "entries shown, 1 to 100", "50")
    .option("--json", "print as JSON")
    // The command line has no signed-in user: its operator reads the whole log, or one organisation's with --org.
    .action(async (options: { since?: string; actor?: string; org?: string; limit: string; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const since = parseSince(options.since, w);
      const limit = parseLimit(options.limit, w);
      const organisationId = options.org?.trim();
      if (organisationId !== undefined && !isUuid(organisationId)) failWith(`--org: ${ORGANISATION_NOT_FOUND}`);
      const entries = await withDatabase(async ({ db }) => {
        const actor = options.actor ? await cliUser(db, options.actor, w) : undefined;
        if (organisationId) await showOrganisation(db, { kind: "cli", id: null }, organisationId);
        return listAuditEntries(db, { limit, since, actorUserId: actor?.id, organisationId });
      });
      if (options.json) return printJson({ items: entries });
      const { t } = w;
      const c = t.admin.columns;
      console.log(t.admin.auditTitle(entries.length));
      printView(
        <AuditList
          headers={[c.time, c.actor, c.action, c.target]}
          shrinkTo={[undefined, 16, 20, undefined]}
          empty={t.admin.noEntries}
          rows={entries.map((e) => ({
            cells: [
              minute(e.at),
              e.actorEmail ?? (e.actorKind === "cli" || e.actorKind === "system" ? t.admin.system : e.actorKind),
              e.action,
              [e.targetType, e.targetEmail ?? e.targetId].filter(Boolean).join(" "),
            ],
            details: e.details,
          }))}
        />,
      );
    });

  withLanguageOption(audit.command("verify"), "language of the output: en, de, es or fr (default en)")
    .description("Walk the audit log's hash chain: exit 0 when intact, 1 naming the first entry altered or removed")
    .option("--json", "print as JSON")
    // --json and --language are also the list's options, which commander gives the parent: read them with its.
    .action(async (_options: unknown, command: Command) => {
      const options: { json?: boolean; language?: string } = command.optsWithGlobals();
      const { t } = words(askedLanguage(options.language));
      const check = await withDatabase(({ db }) => verifyAuditChain(db));
      if (!check.intact) process.exitCode = 1;
      if (options.json) return printJson(check);
      if (check.intact) console.log(t.admin.auditIntact(check.entries, check.headId, check.headHash));
      else console.log(check.problem === "altered" ? t.admin.auditAltered(check.id) : t.admin.auditRemoved(check.id, check.removedId));
    });
}
