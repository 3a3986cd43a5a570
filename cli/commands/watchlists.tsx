import { readFileSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import type { OrganisationActor } from "../../lib/organisations/actor.ts";
import { organisationOfWatchlist } from "../../lib/watchlists/access.ts";
import { createWatchlistSchema, WATCHLIST_IMPORT_MODES, type WatchlistImportMode } from "../../lib/watchlists/contract.ts";
import { createWatchlist, exportWatchlistCsv, importWatchlistCsv, listWatchlists } from "../../lib/watchlists/store.ts";
import { withDatabase } from "../database.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { printJson, printView } from "../ui/render.tsx";
import { Table } from "../ui/table.tsx";

/** The operator acts on every organisation (lib/organisations), audited as the CLI. */
const OPERATOR: OrganisationActor = { kind: "cli", id: null };

/** Rejected lines printed before "... and N more". */
const REJECTED_SHOWN = 20;

export function registerWatchlists(program: Command) {
  const watchlists = program
    .command("watchlists")
    .description("An organisation's own watchlists (exited customers, refused onboardings...): screened for it alone, beside the published lists");

  withLanguageOption(watchlists.command("list"), "language of the output: en, de, es or fr (default en)")
    .description("The organisation's watchlists: name, entries, version, id")
    .requiredOption("--org <organisationId>", "the organisation's id")
    .option("--json", "print as JSON (as GET /api/organisation/watchlists)")
    .action(async (options: { org: string; json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const list = await withDatabase(({ db }) => listWatchlists(db, OPERATOR, options.org));
      if (options.json) return printJson(list);
      const c = t.watchlists.columns;
      printView(
        <Table
          rows={list}
          empty={t.watchlists.empty}
          columns={[
            { header: c.name, value: (w) => w.name, shrinkTo: 20 },
            { header: c.entries, value: (w) => String(w.entryCount) },
            { header: c.version, value: (w) => w.versionDate?.slice(0, 16).replace("T", " ") ?? "-" },
            { header: c.id, value: (w) => w.id },
          ]}
        />,
      );
    });

  withLanguageOption(watchlists.command("create"))
    .description("Create an empty watchlist in an organisation")
    .argument("<name>", "the watchlist's name (shown as the list's name in results)")
    .requiredOption("--org <organisationId>", "the organisation's id")
    .option("--json", "print the watchlist as JSON")
    .action(async (name: string, options: { org: string; json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const parsed = createWatchlistSchema.safeParse({ name });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const created = await withDatabase(({ db }) => createWatchlist(db, OPERATOR, parsed.data, options.org));
      if (options.json) return printJson(created);
      console.log(t.watchlists.created(created.id, created.name));
    });

  withLanguageOption(watchlists.command("import"))
    .description("Import a CSV (name,entityType,aliases,birthDate,nationality,identifiers,reason): good lines kept, bad ones listed")
    .argument("<watchlistId>", "the watchlist's id (wl_...)")
    .argument("<file>", "the CSV file")
    .option("--mode <mode>", "add (keep the entries there) or replace (the file becomes the whole list)", "add")
    .option("--json", "print the outcome as JSON (as POST /api/organisation/watchlists/{id}/import)")
    .action(async (id: string, file: string, options: { mode: string; json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      if (!(WATCHLIST_IMPORT_MODES as readonly string[]).includes(options.mode)) failWith(t.watchlists.modeInvalid(options.mode));
      let content: Uint8Array;
      try {
        content = readFileSync(file);
      } catch {
        failWith(t.watchlists.noFile(file));
      }
      const result = await withDatabase(async ({ db }) =>
        importWatchlistCsv(db, OPERATOR, id, content, options.mode as WatchlistImportMode, await organisationOfWatchlist(db, OPERATOR, id)),
      );
      if (options.json) return printJson(result);
      console.log(t.watchlists.imported(result.imported, result.duplicates, result.rejectedCount, result.watchlist.entryCount));
      for (const r of result.rejected.slice(0, REJECTED_SHOWN)) console.log(t.watchlists.rejectedLine(r.line, r.error));
      if (result.rejectedCount > REJECTED_SHOWN) console.log(t.watchlists.moreRejected(result.rejectedCount - REJECTED_SHOWN));
    });

  withLanguageOption(watchlists.command("export"))
    .description("Write the watchlist's entries as CSV in the import's format (to stdout, or --output FILE)")
    .argument("<watchlistId>", "the watchlist's id (wl_...)")
    .option("--output <file>", "the file to write")
    .action(async (id: string, options: { output?: string; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const { csv } = await withDatabase(async ({ db }) => exportWatchlistCsv(db, OPERATOR, id, await organisationOfWatchlist(db, OPERATOR, id)));
      if (!options.output) {
        process.stdout.write(csv);
        return;
      }
      writeFileSync(options.output, csv);
      console.error(t.watchlists.exported(csv.trim().split("\r\n").length - 1, options.output));
    });
}
