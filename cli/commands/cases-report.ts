/**
 * `duecheck cases report`: the case's report as a PDF or an Excel file, as GET /api/cases/{id}/report.pdf|.xlsx
 * gives it, made as --user (who must read the case: an auditor does; another organisation's case is not found).
 * Each search is verified again while it is made, and the reading is audited, as over HTTP.
 */
import { rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import { buildCaseReport, CASE_REPORT_FORMATS, type CaseReportFormat } from "../../lib/cases/report/index.ts";
import { failWith } from "../fail.ts";
import { casesReportText } from "../i18n/cases/report.ts";
import { askedLanguage, withLanguageOption, words } from "../language.ts";
import { withCliUser } from "../user.ts";
import { cliReviewActor } from "./review-actor.ts";

interface ReportOptions {
  format: string;
  output?: string;
  user?: string;
  language?: string;
}

export function registerCasesReport(cases: Command) {
  withLanguageOption(cases.command("report"), "language of the file and the output: en, de, es or fr (default: the user's report language, else en)")
    .description("Write a case's report (for a regulator or a suspicious-activity filing) to a PDF or Excel file; each search is verified again")
    .argument("<case-id>", "the case's id")
    .option("--format <format>", "pdf or xlsx", "pdf")
    .option("-o, --output <file>", "the file to write, replaced if it exists (default: the report's own name, in the current folder)")
    .option("--user <email>", "who reads (default: the first administrator)")
    .action(async (caseId: string, options: ReportOptions) => {
      const asked = askedLanguage(options.language);
      const format = options.format.trim().toLowerCase();
      if (!(format in CASE_REPORT_FORMATS)) failWith(casesReportText[words(asked).language].formatInvalid(options.format));
      const { path, file, language } = await withCliUser(options.user, asked, async ({ db, user, shown }) => {
        const file = await buildCaseReport({ db }, cliReviewActor(user), caseId.trim(), format as CaseReportFormat, { language: asked });
        const path = resolve(options.output ?? file.fileName);
        const t = casesReportText[shown.language];
        try {
          await writeFile(path, file.bytes);
        } catch (error) {
          await rm(path, { force: true }).catch(() => {});
          failWith(t.cannotWrite(path, error instanceof Error ? error.message : String(error)));
        }
        return { path, file, language: shown.language };
      });
      const t = casesReportText[language];
      const count = (outcome: string) => file.report.searches.filter((x) => x.verification.outcome === outcome).length;
      console.log(t.written(path));
      console.log(t.verified(count("identical"), count("different"), count("cannot_verify")));
    });
}
