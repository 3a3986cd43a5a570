import type { Command } from "commander";
import { backfillCases } from "../../lib/cases/backfill.ts";
import { withDatabase } from "../database.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";

export function registerDb(program: Command) {
  const db = program.command("db").description("Database maintenance");
  withLanguageOption(db.command("migrate"), "language of the output: en, de, es or fr (default en)")
    .description("Apply pending migrations (the server also does this at start)")
    .option("--json", "print the result as JSON")
    .action(async (options: { json?: boolean; language?: string }) => {
      const { t } = words(askedLanguage(options.language));
      const description = await withDatabase(async (database) => {
        // The application's own steps after the SQL ones: searches that needed review before cases join their case.
        await backfillCases(database.db);
        return database.description;
      });
      if (options.json) console.log(JSON.stringify({ migrated: true, database: description }));
      else console.log(t.db.migrated(description));
    });
}
