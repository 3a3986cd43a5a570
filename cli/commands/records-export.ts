/**
 * `duecheck history export` and `duecheck monitor export`: the web's bulk exports written to a file as they are read.
 * The CLI works on the database as its operator: --user names whose rows, --all takes everyone's.
 */
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Command } from "commander";
import { historyExportQuerySchema, portfolioExportQuerySchema } from "../../lib/exports/contract.ts";
import { historyExport, historyFileName } from "../../lib/exports/history-export.ts";
import { portfolioExport, portfolioFileName } from "../../lib/exports/portfolio-export.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { withCliUser } from "../user.ts";

interface Options {
  from?: string;
  to?: string;
  format: string;
  output?: string;
  user?: string;
  all?: boolean;
  language?: string;
}

const LANGUAGE = "language of the file's headers and the output: en, de, es or fr (default: the user's report language, else en)";

/** `duecheck history export --from D --to D --format csv|xlsx [-o FILE] [--user EMAIL | --all]` */
export function registerHistoryExport(history: Command) {
  withLanguageOption(history.command("export"), LANGUAGE)
    .description("Write a user's searches of a date range (or everyone's, --all) to a CSV or Excel file, as it is read")
    .requiredOption("--from <date>", "the first day, YYYY-MM-DD (UTC)")
    .requiredOption("--to <date>", "the last day, YYYY-MM-DD (UTC), included")
    .option("--format <format>", "csv or xlsx", "csv")
    .option("-o, --output <file>", "the file to write, replaced if it exists (default: duecheck-history-<from>-<to>.<format>)")
    .option("--user <email>", "whose searches (default: the first administrator)")
    .option("--all", "every user's searches")
    .action(async (_options: Options, command: Command) => {
      // `history` has its own --user and --language: commander gives them to it, so they are read with its options.
      const options = command.optsWithGlobals<Options>();
      const asked = askedLanguage(options.language);
      const early = words(asked);
      if (options.user && options.all) failWith(early.t.exports.userAndAll);
      const parsed = historyExportQuerySchema.safeParse({ from: options.from, to: options.to, format: options.format.trim().toLowerCase() });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const path = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const path = resolve(options.output ?? historyFileName(parsed.data));
        await writeTo(
          path,
          historyExport(db, { ...parsed.data, userId: options.all ? undefined : user.id, includeHidden: !!options.all, language: shown.language }),
        );
        return path;
      });
      console.log(early.t.exports.written(path));
    });
}

/** `duecheck monitor export --format csv|xlsx [-o FILE] [--user EMAIL | --all]` */
export function registerMonitorExport(monitor: Command) {
  withLanguageOption(monitor.command("export"), LANGUAGE)
    .description("Write a user's monitored entities (or everyone's, --all) with their risk, review status and last check to a CSV or Excel file")
    .option("--format <format>", "csv or xlsx", "csv")
    .option("-o, --output <file>", "the file to write, replaced if it exists (default: duecheck-monitoring-<today>.<format>)")
    .option("--user <email>", "whose entities (default: the first administrator)")
    .option("--all", "every user's entities")
    .action(async (_options: Options, command: Command) => {
      const options = command.optsWithGlobals<Options>();
      const asked = askedLanguage(options.language);
      const early = words(asked);
      if (options.user && options.all) failWith(early.t.exports.userAndAll);
      const parsed = portfolioExportQuerySchema.safeParse({ format: options.format.trim().toLowerCase() });
      if (!parsed.success) failWith(parsed.error.issues[0].message);
      const { format } = parsed.data;
      const path = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const path = resolve(options.output ?? portfolioFileName(format, new Date().toISOString().slice(0, 10)));
        await writeTo(path, portfolioExport(db, { format, userId: options.all ? undefined : user.id, language: shown.language }));
        return path;
      });
      console.log(early.t.exports.written(path));
    });
}

async function writeTo(path: string, body: ReadableStream<Uint8Array>) {
  try {
    await pipeline(Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>), createWriteStream(path));
  } catch (error) {
    // no half-written file is left behind
    await rm(path, { force: true }).catch(() => {});
    throw error;
  }
}
