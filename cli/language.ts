import type { Command } from "commander";
import { z } from "zod";
import { type ReportLabels, reportLabels } from "../lib/reports/i18n.ts";
import type { ReportLanguage } from "../lib/screening/summary/phrasebook.ts";
import { failWith } from "./fail.ts";
import { CLI_LANGUAGES, type CliText, cliLanguage, cliText } from "./i18n/index.ts";

// Said in English: the language to say it in is what is wrong.
const languageSchema = z.enum(CLI_LANGUAGES, { error: (issue) => `--language must be one of ${CLI_LANGUAGES.join(", ")}, got '${String(issue.input)}'` });

/** Adds --language to a command that prints for people. */
export function withLanguageOption(
  command: Command,
  what = "language of the output: en, de, es or fr (default: the user's report language, else en)",
): Command {
  return command.option("--language <code>", what);
}

/** The --language given, validated; undefined when none was given. */
export function askedLanguage(value: string | undefined): ReportLanguage | undefined {
  if (value === undefined) return undefined;
  const parsed = languageSchema.safeParse(value.trim().toLowerCase());
  if (!parsed.success) failWith(parsed.error.issues[0].message);
  return parsed.data;
}

/** What the CLI prints in: its own words and the report labels (risk, entity types, categories). */
export interface Words {
  language: ReportLanguage;
  t: CliText;
  labels: ReportLabels;
}

/** The words of --language, else of the user's report language when a user is known, else English. */
export function words(asked: ReportLanguage | undefined, user?: { reportLanguage: string } | null): Words {
  const language = cliLanguage(asked, user);
  return { language, t: cliText(language), labels: reportLabels(language) };
}
