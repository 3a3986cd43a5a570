/**
 * What GET /api/cases/{id}/report.pdf and report.xlsx accept: the language of the labels (the reader's report
 * language when not given).
 */
import { z } from "zod";
import { REPORT_LANGUAGES } from "../../screening/summary/phrasebook.ts";

export const caseReportQuerySchema = z.object({
  language: z.enum(REPORT_LANGUAGES, { error: `language must be one of ${REPORT_LANGUAGES.join(", ")}` }).optional(),
});
