import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import { refuseFuture, scopeOf, todayIn } from "../../lib/reports/daily/access.ts";
import { exportDailyReport, NO_REPORT } from "../../lib/reports/daily/export.ts";
import { generateDailyReport } from "../../lib/reports/daily/generate.ts";
import { listReportSearches, readDailyReport, recentDailyRows } from "../../lib/reports/daily/read.ts";
import { dailyExportQuerySchema, dailyReportQuerySchema, generateReportSchema } from "../../lib/reports/daily/schemas.ts";
import { reportTimeZone } from "../../lib/reports/daily/settings.ts";
import type { AppEnv } from "../context.ts";
import { currentUser, requireUser } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const recentQuerySchema = z.object({
  days: z.coerce
    .number({ error: "days must be a number" })
    .int("days must be a whole number")
    .min(1, "days must be at least 1")
    .max(90, "days must be at most 90")
    .default(30),
});
const searchesQuerySchema = pageQuerySchema.extend(dailyReportQuerySchema.shape);

/**
 * The daily activity reports: an admin reads and generates the organisation's report, an
 * ordinary user their own (lib/reports/daily/access.ts).
 */
export const reportRoutes = new Hono<AppEnv>()
  .use(requireUser)

  .get("/daily", queryOf(dailyReportQuerySchema), async (c) => {
    const { date } = c.req.valid("query");
    refuseFuture(date, reportTimeZone());
    const report = await readDailyReport(c.get("ctx").database.db, date, scopeOf(currentUser(c)));
    if (!report) throw new AppError(404, NO_REPORT);
    return c.json(report);
  })

  .get("/daily/recent", queryOf(recentQuerySchema), async (c) => {
    const { days } = c.req.valid("query");
    return c.json(await recentDailyRows(c.get("ctx").database.db, scopeOf(currentUser(c)), days, todayIn(reportTimeZone())));
  })

  .get("/daily/searches", queryOf(searchesQuerySchema), async (c) => {
    const { date, ...page } = c.req.valid("query");
    refuseFuture(date, reportTimeZone());
    return c.json(await listReportSearches(c.get("ctx").database.db, date, scopeOf(currentUser(c)), page));
  })

  .get("/daily/export", queryOf(dailyExportQuerySchema), async (c) => {
    const { date, format } = c.req.valid("query");
    refuseFuture(date, reportTimeZone());
    const user = currentUser(c);
    const file = await exportDailyReport(c.get("ctx").database.db, { date, format, scope: scopeOf(user), reader: user });
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })

  /** Generates (or regenerates) the day's report of the caller's scope; a failure is recorded, then answered 500. */
  .post("/generate", jsonBody(generateReportSchema), async (c) => {
    const { date } = c.req.valid("json");
    refuseFuture(date, reportTimeZone());
    try {
      return c.json(await generateDailyReport(c.get("ctx").database.db, { date, scope: scopeOf(currentUser(c)) }));
    } catch (error) {
      console.error(`[duecheck] daily report of ${date} failed:`, error);
      throw new AppError(500, "The report could not be generated; the failure is recorded, try again");
    }
  });
