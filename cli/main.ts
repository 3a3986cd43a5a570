import { Command, CommanderError } from "commander";
import { DataDirBusyError } from "../data/db.ts";
import { AppError } from "../lib/errors.ts";
import { registerAdmin } from "./commands/admin.tsx";
import { registerAudit } from "./commands/audit.tsx";
import { registerBatch } from "./commands/batch.tsx";
import { registerBilling } from "./commands/billing.tsx";
import { registerCredits } from "./commands/credits.ts";
import { registerDatasets } from "./commands/datasets.tsx";
import { registerDb } from "./commands/db.ts";
import { registerEmbed } from "./commands/embed.tsx";
import { registerHistory } from "./commands/history.tsx";
import { registerMonitor } from "./commands/monitor.tsx";
import { registerReports } from "./commands/reports.tsx";
import { registerReview } from "./commands/review.tsx";
import { registerSanctions } from "./commands/sanctions.tsx";
import { registerSearch } from "./commands/search.tsx";
import { registerServe } from "./commands/serve.ts";
import { registerSettings } from "./commands/settings.tsx";
import { registerUsers } from "./commands/users.tsx";
import { registerWebhooks } from "./commands/webhooks.tsx";
import { CliError } from "./fail.ts";

const program = new Command()
  .name("duecheck")
  .description(
    "Due-diligence screening: server, data and administration from the terminal.\nUses DATABASE_URL when set, otherwise the embedded database in DUECHECK_DATA_DIR.",
  )
  .version("0.1.0")
  .showHelpAfterError()
  .exitOverride();

registerServe(program);
registerDb(program);
registerUsers(program);
registerCredits(program);
registerDatasets(program);
registerSanctions(program);
registerSearch(program);
registerHistory(program);
registerBatch(program);
registerMonitor(program);
registerWebhooks(program);
registerEmbed(program);
registerReports(program);
registerBilling(program);
registerAdmin(program);
registerSettings(program);
registerReview(program);
registerAudit(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof CliError || error instanceof AppError || error instanceof DataDirBusyError) {
    console.error(`duecheck: ${error.message}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
