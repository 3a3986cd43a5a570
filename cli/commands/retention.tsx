import type { Command } from "commander";
import { legalHoldCreateSchema, legalHoldLiftSchema } from "../../lib/retention/contract.ts";
import { createLegalHold, type HoldActor, liftLegalHold, listLegalHolds } from "../../lib/retention/legal-holds.ts";
import { purgeExpiredRecords } from "../../lib/retention/purge.ts";
import { purgeBatchSize } from "../../lib/retention/settings.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { minute } from "../options.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";
import { cliUser } from "../user.ts";

/** The CLI changes records as itself: the audit names it "cli" (no signed-in user). */
const CLI_ACTOR: HoldActor = { kind: "cli", userId: null };

/** `duecheck admin hold add|lift|list` and `duecheck admin purge [--dry-run]`. */
export function registerRetention(admin: Command) {
  const hold = admin.command("hold").description("Legal holds: records they name are never purged");

  withLanguageOption(hold.command("add"))
    .description("Hold one user's searches (--user) or one search (--search), with a reason")
    .option("--user <email>", "hold every search of this user")
    .option("--search <id>", "hold this search")
    .requiredOption("--reason <text>", "why the records are held")
    .option("--json", "print as JSON (the shape of POST /api/admin/legal-holds)")
    .action(async (options: { user?: string; search?: string; reason: string; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      if (!options.user === !options.search) failWith(w.t.retention.giveOneTarget);
      const created = await withDatabase(async ({ db }) => {
        const userId = options.user ? (await cliUser(db, options.user, w)).id : undefined;
        const input = legalHoldCreateSchema.safeParse({ userId, searchId: options.search, reason: options.reason });
        if (!input.success) failWith(input.error.issues[0].message);
        return createLegalHold(db, CLI_ACTOR, input.data);
      });
      if (options.json) return printJson(created);
      console.log(w.t.retention.holdSet(created.id));
    });

  withLanguageOption(hold.command("lift"))
    .description("Lift a legal hold, with a reason")
    .argument("<id>", "the hold's id (see `duecheck admin hold list`)")
    .requiredOption("--reason <text>", "why the hold ends")
    .option("--json", "print as JSON")
    .action(async (id: string, options: { reason: string; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const input = legalHoldLiftSchema.safeParse({ reason: options.reason });
      if (!input.success) failWith(input.error.issues[0].message);
      const lifted = await withDatabase(({ db }) => liftLegalHold(db, CLI_ACTOR, id, input.data.reason));
      if (options.json) return printJson(lifted);
      console.log(w.t.retention.holdLifted(lifted.id));
    });

  withLanguageOption(hold.command("list"))
    .description("Every legal hold, newest first")
    .option("--active", "only holds not lifted")
    .option("--json", "print as JSON (the shape of GET /api/admin/legal-holds)")
    .action(async (options: { active?: boolean; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const items = await withDatabase(({ db }) => listLegalHolds(db, { active: options.active ? true : undefined }));
      if (options.json) return printJson({ items });
      const r = w.t.retention;
      console.log(r.holdsTitle(items.length));
      printView(
        <Table
          rows={items}
          empty={r.noHolds}
          columns={[
            { header: r.columns.id, value: (h) => h.id },
            { header: r.columns.target, value: (h) => (h.target === "user" ? (h.userEmail ?? h.userId ?? "") : `${h.searchTerm ?? ""} (${h.searchId})`) },
            { header: r.columns.reason, value: (h) => h.reason },
            { header: r.columns.set, value: (h) => minute(h.createdAt) },
            { header: r.columns.state, value: (h) => (h.liftedAt ? `${r.lifted} ${minute(h.liftedAt)}` : r.active) },
          ]}
        />,
      );
    });

  withLanguageOption(admin.command("purge"))
    .description("Run the retention purge now: searches older than retentionYears, unless held, and the dataset versions only they used")
    .option("--dry-run", "count what would be purged, remove nothing")
    .option("--json", "print as JSON")
    .action(async (options: { dryRun?: boolean; json?: boolean; language?: string }) => {
      const w = words(askedLanguage(options.language));
      const batchSize = purgeBatchSize();
      const outcome = await withDatabase(({ db }) => purgeExpiredRecords(db, { now: new Date(), dryRun: options.dryRun, batchSize, actor: CLI_ACTOR }));
      if (options.json) return printJson(outcome);
      const say = options.dryRun ? w.t.retention.wouldPurge : w.t.retention.purged;
      console.log(say(outcome.searchesPurged, outcome.versionsPurged, outcome.heldSkipped));
    });
}
