/**
 * A case's report, as a PDF or an Excel workbook, for a regulator or a suspicious-activity filing. Whoever reads the
 * case reads its report, auditors too (it changes no case); another organisation's case is 404, as everywhere. Each
 * search of the case is verified again while the report is made (lib/records/verify-search.ts, audited there as every
 * verification is), sharing one index and one checksum per list version among them, so fifty searches screened
 * against the same lists cost one rebuild at most (none when the last report's index still holds) and one screening
 * per distinct subject and options. Taking the report away is audited on the case, as a search's report is on the
 * search: who, when, in which format, and what the verification found.
 */
import { eq } from "drizzle-orm";
import { type Db, schema } from "../../../data/db.ts";
import { recordAudit } from "../../audit/record.ts";
import { type Clock, systemClock } from "../../clock.ts";
import { verifySearches, verifyShare } from "../../records/verify-search.ts";
import { fileSlug } from "../../reports/file-name.ts";
import { reportLabels } from "../../reports/i18n.ts";
import { isReportLanguage, type ReportLanguage } from "../../screening/summary/phrasebook.ts";
import { type CaseActor, findCase } from "../access.ts";
import { buildCasePdf } from "./case-pdf.ts";
import { buildCaseXlsx } from "./case-xlsx.ts";
import type { Words } from "./describe.ts";
import { caseReportLabels } from "./labels/index.ts";
import type { CaseReport } from "./model.ts";
import { readCaseReport } from "./read.ts";

export type { CaseReport } from "./model.ts";

export const CASE_REPORT_FORMATS = {
  pdf: { build: buildCasePdf, contentType: "application/pdf", extension: "pdf" },
  xlsx: { build: buildCaseXlsx, contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" },
} as const;
export type CaseReportFormat = keyof typeof CASE_REPORT_FORMATS;

/** Verifications under way at once: each waits mostly on the database, which answers several together. */
const VERIFY_AT_ONCE = 4;

export interface CaseReportOptions {
  /** The labels' language; default the reader's report language, else English. */
  language?: ReportLanguage;
}

export interface CaseReportFile {
  bytes: Uint8Array;
  contentType: string;
  /** "duecheck-case-dmitri-orlov-2026-12-02.pdf": letters, digits and dashes only, whatever the title holds. */
  fileName: string;
  report: CaseReport;
}

export async function buildCaseReport(
  deps: { db: Db; clock?: Clock },
  actor: CaseActor,
  caseId: string,
  format: CaseReportFormat,
  options: CaseReportOptions = {},
): Promise<CaseReportFile> {
  const clock = deps.clock ?? systemClock;
  const { db } = deps;
  const row = await findCase(db, actor, caseId);
  const [[reader], data] = await Promise.all([
    db
      .select({ fullName: schema.users.fullName, email: schema.users.email, reportLanguage: schema.users.reportLanguage })
      .from(schema.users)
      .where(eq(schema.users.id, actor.id)),
    readCaseReport(db, row, clock),
  ]);
  const language = options.language ?? (reader && isReportLanguage(reader.reportLanguage) ? reader.reportLanguage : "en");

  // A few at a time, sharing what they rebuild: the searches of one subject were mostly screened against the same
  // lists, so the first reads the versions' entities once for the index and the checksums the others wait for and
  // use, and a subject screened again with the same options is screened again once.
  const share = verifyShare();
  const verifier = { kind: actor.kind, userId: actor.id, ipAddress: actor.ipAddress };
  let verifications: CaseReport["searches"][number]["verification"][];
  try {
    verifications = await verifySearches(
      db,
      verifier,
      data.searches.map((x) => x.id),
      share,
      VERIFY_AT_ONCE,
    );
  } finally {
    await share.dispose();
  }
  const searches: CaseReport["searches"] = data.searches.map((x, i) => ({ ...x, verification: verifications[i] }));

  const generatedAt = clock.now();
  const report: CaseReport = { ...data, searches, generatedAt, generatedBy: reader ? reader.fullName || reader.email : actor.id };
  const words: Words = { language, c: caseReportLabels(language), r: reportLabels(language) };
  const { build, contentType, extension } = CASE_REPORT_FORMATS[format];
  const bytes = await build(report, words);

  const verified = Object.fromEntries(["identical", "different", "cannot_verify"].map((o) => [o, searches.filter((x) => x.verification.outcome === o).length]));
  await recordAudit(db, {
    action: "case.report_exported",
    actorKind: actor.kind,
    actorUserId: actor.id,
    ipAddress: actor.ipAddress ?? null,
    targetType: "case",
    targetId: row.id,
    organisationId: row.organisationId,
    details: { format, language, searches: searches.length, attachments: data.attachments.length, verified },
  });
  const fileName = `duecheck-case-${fileSlug(row.title) || "case"}-${generatedAt.toISOString().slice(0, 10)}.${extension}`;
  return { bytes, contentType, fileName, report };
}
