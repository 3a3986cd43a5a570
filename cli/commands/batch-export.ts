import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Command } from "commander";
import { exportBatch, exportFormatSchema } from "../../lib/batch/batch-export.ts";
import { publicBaseUrl } from "../../lib/config.ts";
import { AppError } from "../../lib/errors.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { withCliUser } from "../user.ts";

interface ExportOptions {
  format: string;
  output?: string;
  user?: string;
  language?: string;
}

/** `duecheck batch export ID --format csv|xlsx|pdf [-o FILE]`: the web's downloads, written to a file. */
export function registerBatchExport(batch: Command) {
  withLanguageOption(batch.command("export"), "language of the file and the output: en, de, es or fr (default: the user's report language, else en)")
    .description("Write a batch's results to a file: csv or xlsx (one row per entity, every row) or pdf (the summary and the entities that need attention)")
    .argument("<id>", "the batch's id")
    .requiredOption("--format <format>", "csv, xlsx or pdf")
    .option("-o, --output <file>", "the file to write, replaced if it exists (default: duecheck-batch-<name>-<date>.<format> in the current directory)")
    .option("--user <email>", "whose batch (default: the first administrator)")
    .action(async (id: string, options: ExportOptions) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const format = exportFormatSchema.safeParse(options.format.trim().toLowerCase());
      if (!format.success) failWith(early.t.batch.formatInvalid(options.format));
      const { path, name, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const file = await exportBatch(db, user, id, format.data, { language: shown.language, baseUrl: publicBaseUrl() }).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) failWith(shown.t.batch.notFound(id));
          throw error;
        });
        const path = resolve(options.output ?? file.fileName);
        try {
          await pipeline(Readable.fromWeb(file.body as unknown as NodeReadableStream<Uint8Array>), createWriteStream(path));
        } catch (error) {
          // no half-written file is left behind
          await rm(path, { force: true }).catch(() => {});
          if (isFileError(error)) failWith(shown.t.batch.cannotWrite(path, error.message));
          throw error;
        }
        return { path, name: file.batch.name, shown };
      });
      console.log(shown.t.batch.exported(name, path));
    });
}

/** A file system's refusal (no such folder, no permission, a folder of that name), as opposed to a failed read. */
const isFileError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!);
