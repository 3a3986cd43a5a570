/**
 * A case's report over HTTP: GET /api/cases/{id}/report.pdf and report.xlsx, always as a download. Mounted inside the
 * case routes (after their sign-in check). lib/cases/report decides who reads it (whoever reads the case, auditors
 * too; another organisation's case is 404), verifies each search again and audits the reading.
 */
import { type Context, Hono } from "hono";
import { attachmentDisposition } from "../../lib/cases/attachment-views.ts";
import { caseReportQuerySchema } from "../../lib/cases/report/contract.ts";
import { buildCaseReport, type CaseReportFormat } from "../../lib/cases/report/index.ts";
import type { AppEnv } from "../context.ts";
import { reviewActor } from "../review/routes.ts";
import { queryOf } from "../validate.ts";

async function sendReport(c: Context<AppEnv>, format: CaseReportFormat, language: "en" | "de" | "es" | "fr" | undefined) {
  // A large case (every search verified again) can take longer than Bun's 10 s idle timeout on a busy machine.
  c.env?.noTimeout?.(c.req.raw);
  const { bytes, contentType, fileName } = await buildCaseReport({ db: c.get("ctx").database.db }, reviewActor(c), c.req.param("id")!, format, { language });
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": contentType,
    "Content-Length": String(bytes.byteLength),
    "Content-Disposition": attachmentDisposition(fileName),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
}

/** Under /api/cases, behind its requireUser. ?language=en|de|es|fr */
export const caseReportRoutes = new Hono<AppEnv>()
  .get("/:id/report.pdf", queryOf(caseReportQuerySchema), (c) => sendReport(c, "pdf", c.req.valid("query").language))
  .get("/:id/report.xlsx", queryOf(caseReportQuerySchema), (c) => sendReport(c, "xlsx", c.req.valid("query").language));
