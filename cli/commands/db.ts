import type { Command } from "commander";
import { withDatabase } from "../database.ts";

export function registerDb(program: Command) {
  const db = program.command("db").description("Database maintenance");
  db.command("migrate")
    .description("Apply pending migrations (the server also does this at start)")
    .option("--json", "print the result as JSON")
    .action(async (options: { json?: boolean }) => {
      const description = await withDatabase(async (database) => database.description);
      if (options.json) console.log(JSON.stringify({ migrated: true, database: description }));
      else console.log(`Migrations applied: ${description}`);
    });
}
