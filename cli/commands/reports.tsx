import { rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import type { Db } from "../../data/db.ts";
import { AppError } from "../../lib/errors.ts";
import { todayIn } from "../../lib/reports/daily/access.ts";
import { exportDailyReport } from "../../lib/reports/daily/export.ts";
import { generateDailyReport } from "../../lib/reports/daily/generate.ts";
import { readDailyReport } from "../../lib/reports/daily/read.ts";
import { type DailyReportView, REPORT_RISK_LEVELS, reportDate } from "../../lib/reports/daily/schemas.ts";
import { existingOrganisationScope, INSTANCE, type ReportScope } from "../../lib/reports/daily/scope.ts";
import { dayBefore, reportTimeZone } from "../../lib/reports/daily/settings.ts";
import { failWith } from "../fail.ts";
import { askedLanguage, type Words, withLanguageOption, words } from "../language.ts";
import { printJson } from "../ui/render.tsx";
import { withCliUser } from "../user.ts";

interface DayOptions {
  date?: string;
  user?: string;
  org?: string;
  language?: string;
}

const formatSchema = z.enum(["pdf", "xlsx"]);

/** DUECHECK_REPORT_TIMEZONE, its error said as the CLI's own. */
function zone(): string {
  try {
    return reportTimeZone();
  } catch (error) {
    failWith(error instanceof Error ? error.message : String(error));
  }
}

/** --date checked like the API's (a real day, not after today in the report timezone); default yesterday. */
function dayOf(value: string | undefined, early: Words, timeZone: string): string {
  const today = todayIn(timeZone);
  if (value === undefined) return dayBefore(today);
  const parsed = reportDate.safeParse(value.trim());
  if (!parsed.success) failWith(`--date: ${parsed.error.issues[0].message}`);
  if (parsed.data > today) failWith(early.t.reports.future(parsed.data));
  return parsed.data;
}

/**
 * --user: that user's own report; --org: that organisation's; without either the instance's (every organisation's),
 * read in the first administrator's language.
 */
async function scopeOf(db: Db, options: DayOptions, reader: { id: string }): Promise<ReportScope> {
  if (options.user) return { userId: reader.id };
  if (options.org) {
    return existingOrganisationScope(db, options.org.trim()).catch((error: unknown) => {
      if (error instanceof AppError) failWith(`--org: ${error.message}`);
      throw error;
    });
  }
  return INSTANCE;
}

function scopeName({ labels }: Words, report: Pick<DailyReportView, "scope">, email?: string) {
  return report.scope === "user" && email ? `${labels.daily.scopes.user}: ${email}` : labels.daily.scopes[report.scope];
}

function dayCommand(command: Command): Command {
  return withLanguageOption(command)
    .option("--date <day>", "the day, yyyy-MM-dd (default: yesterday in DUECHECK_REPORT_TIMEZONE)")
    .option("--user <email>", "that user's own report (default: the instance's, every organisation's)")
    .option("--org <id>", "that organisation's report (its members' activity)");
}

/** The day of --date in the scope of --user, and what `work` made of it, with the words to print it in. */
async function onDay<T>(options: DayOptions, work: (db: Db, date: string, scope: ReportScope, timeZone: string) => Promise<T>) {
  const asked = askedLanguage(options.language);
  const timeZone = zone();
  const date = dayOf(options.date, words(asked), timeZone);
  const { report, shown } = await withCliUser(options.user, asked, async ({ db, user, shown }) => ({
    report: await work(db, date, await scopeOf(db, options, user), timeZone),
    shown,
  }));
  return { date, timeZone, report, shown };
}

export function registerReports(program: Command) {
  const reports = program
    .command("reports")
    .description("Daily activity reports: the instance's (default), an organisation's (--org) or a user's own (--user)");

  dayCommand(reports.command("daily"))
    .description("Print a day's stored report")
    .option("--json", "print as JSON (the shape of GET /api/reports/daily)")
    .action(async (options: DayOptions & { json?: boolean }) => {
      const { date, timeZone, report, shown } = await onDay(options, (db, date, scope) => readDailyReport(db, date, scope));
      if (!report) failWith(shown.t.reports.notFound(date));
      if (options.json) return printJson(report);
      console.log(describe(report, shown, timeZone, options.user));
    });

  dayCommand(reports.command("generate"))
    .description("Generate (or regenerate) a day's report now")
    .option("--json", "print the report as JSON")
    .action(async (options: DayOptions & { json?: boolean }) => {
      const { date, timeZone, report, shown } = await onDay(options, (db, date, scope, timeZone) => generateDailyReport(db, { date, scope, timeZone }));
      if (options.json) return printJson(report);
      console.log(shown.t.reports.generated(date, scopeName(shown, report, options.user)));
      console.log(describe(report, shown, timeZone, options.user));
    });

  withLanguageOption(reports.command("export"), "language of the file and the output: en, de, es or fr (default: the user's report language, else en)")
    .description("Write a day's stored report to a PDF or Excel file")
    .requiredOption("--date <day>", "the day, yyyy-MM-dd")
    .requiredOption("--format <format>", "pdf or xlsx")
    .requiredOption("-o, --output <file>", "the file to write (replaced if it exists)")
    .option("--user <email>", "that user's own report (default: the instance's, every organisation's)")
    .option("--org <id>", "that organisation's report (its members' activity)")
    .action(async (options: DayOptions & { format: string; output: string }) => {
      const asked = askedLanguage(options.language);
      const early = words(asked);
      const format = formatSchema.safeParse(options.format.trim().toLowerCase());
      if (!format.success) failWith(early.t.reports.formatInvalid(options.format));
      const date = dayOf(options.date, early, zone());
      const path = resolve(options.output);
      const shown = await withCliUser(options.user, asked, async ({ db, user: reader, shown }) => {
        const file = await exportDailyReport(db, {
          date,
          scope: await scopeOf(db, options, reader),
          format: format.data,
          reader: { ...reader, reportLanguage: shown.language },
        }).catch((error: unknown) => {
          if (error instanceof Error && "status" in error && error.status === 404) failWith(shown.t.reports.notFound(date));
          throw error;
        });
        try {
          await writeFile(path, file.body);
        } catch (error) {
          await rm(path, { force: true }).catch(() => {});
          failWith(shown.t.reports.cannotWrite(path, error instanceof Error ? error.message : String(error)));
        }
        return shown;
      });
      console.log(shown.t.reports.exported(date, path));
    });
}

/** The report as lines of text, with the export's words. */
function describe(report: DailyReportView, shown: Words, timeZone: string, email?: string): string {
  const { labels, t, language } = shown;
  const d = labels.daily;
  const n = new Intl.NumberFormat(language);
  const details = report.searchDetails;
  const st = report.statistics;
  const hours = details.byHour.flatMap((count, hour) => (count > 0 ? [`${String(hour).padStart(2, "0")}:00 ${n.format(count)}`] : []));
  const lines = [
    `${d.title} ${report.reportDate} (${t.reports.of(scopeName(shown, report, email), timeZone)})`,
    `${d.status}: ${d.statuses[report.status]}${report.generatedAt ? `, ${t.reports.generatedAt(`${report.generatedAt.slice(0, 16).replace("T", " ")} UTC`)}` : ""}`,
    "",
    `${d.totalSearches}: ${n.format(report.totalSearches)} (${d.manual}: ${n.format(report.manualSearches)}, ${d.automated}: ${n.format(report.automatedSearches)})`,
    `${d.creditsUsed}: ${n.format(report.totalCreditsUsed)}`,
    `${d.uniqueUsers}: ${n.format(report.uniqueUsers)}`,
    `${d.highRiskFindings}: ${n.format(report.highRiskFindings)}`,
    "",
    `${d.byRiskLevel}: ${REPORT_RISK_LEVELS.map((level) => `${labels.risk[level]} ${n.format(details.byRiskLevel[level])}`).join(" · ")}`,
    `${d.byEntityType}: ${labels.entity.person} ${n.format(details.byEntityType.person)} · ${labels.entity.company} ${n.format(details.byEntityType.company)}`,
    `${d.searchesByHour}: ${hours.length ? hours.join(" · ") : t.reports.none}`,
    "",
    `${d.successRate}: ${n.format(st.successRate)} %`,
    `${d.peakHour}: ${st.peakHour === null ? "-" : `${String(st.peakHour).padStart(2, "0")}:00`}`,
    `${d.averagePerUser}: ${n.format(st.averageSearchesPerUser)}`,
    `${d.sanctionsHits}: ${n.format(st.sanctionsHits)}`,
    `${d.adverseMediaHits}: ${n.format(st.adverseMediaHits)}`,
    `${d.topTerms}: ${st.topSearchTerms.length ? st.topSearchTerms.map((term) => `${term.term} (${n.format(term.count)})`).join(", ") : t.reports.none}`,
  ];
  return lines.join("\n");
}
