import { type Context, Hono } from "hono";
import { adminCreateUser, adminResetLink, adminResetTwoFactor } from "../../lib/admin/account-recovery.ts";
import { listAdminSearches, listAdminTransactions, viewSearchAsAdmin } from "../../lib/admin/activity.ts";
import {
  adminCreateUserSchema,
  adminCreditsSchema,
  adminSearchesQuerySchema,
  adminSettingsSchema,
  adminTransactionsQuerySchema,
  adminUserUpdateSchema,
} from "../../lib/admin/schemas.ts";
import { adminSettingsView, getAdminSettings, saveSettings } from "../../lib/admin/settings.ts";
import { adminStats } from "../../lib/admin/stats.ts";
import { type AdminActor, addAdminCredits, getAdminUser, listAdminUsers, setUserActive, updateAdminUser } from "../../lib/admin/users.ts";
import { listAllBatches, listAnyBatchResults, viewBatchAsAdmin } from "../../lib/batch/admin-read.ts";
import { adminBatchesQuerySchema, riskLevelFilter } from "../../lib/batch/schemas.ts";
import { listAllMonitoredEntities, viewMonitoredEntityAsAdmin } from "../../lib/monitoring/admin-read.ts";
import { adminMonitoredEntitiesQuerySchema } from "../../lib/monitoring/schemas.ts";
import { pageQuerySchema, pageWithTermQuerySchema } from "../../lib/paging.ts";
import { searchDetail } from "../../lib/review/search-detail.ts";
import { requestBaseUrl, requestMailer } from "../auth/links.ts";
import type { AppEnv } from "../context.ts";
import { adminHistoryExport, adminPortfolioExport } from "../exports/routes.ts";
import { currentUser, requireAdminOrAuditorReading } from "../middleware/session.ts";
import { jsonBody, queryOf } from "../validate.ts";

const actorOf = (c: Context<AppEnv>): AdminActor => ({ kind: "admin", userId: currentUser(c).id, ipAddress: c.get("clientIp") });
const db = (c: Context<AppEnv>) => c.get("ctx").database.db;
const batchResultsQuerySchema = pageQuerySchema.extend({ riskLevel: riskLevelFilter.optional() });
const adminMonitoringQuerySchema = pageWithTermQuerySchema.extend(adminMonitoredEntitiesQuerySchema.shape);
const adminSearchesQuery = pageQuerySchema.extend(adminSearchesQuerySchema.shape);
const adminBatchesQuery = pageQuerySchema.extend(adminBatchesQuerySchema.shape);
const adminTransactionsQuery = pageQuerySchema.extend(adminTransactionsQuerySchema.shape);

/** /api/admin/*: every route answers 401 without a session and 403 for a non-admin; auditors read (one middleware). */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireAdminOrAuditorReading)
  .get("/stats", async (c) => c.json(await adminStats(db(c))))

  .get("/users", queryOf(pageWithTermQuerySchema), async (c) => c.json(await listAdminUsers(db(c), c.req.valid("query"))))
  .post("/users", jsonBody(adminCreateUserSchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(await adminCreateUser(db(c), actorOf(c), input, { baseUrl: requestBaseUrl(c), mailer: requestMailer(c) }), 201);
  })
  /** A one-time password reset link for the admin to hand over (24 hours). */
  .post("/users/:id/reset-link", async (c) => c.json(await adminResetLink(db(c), actorOf(c), c.req.param("id"), requestBaseUrl(c)), 201))
  .post("/users/:id/reset-2fa", async (c) => c.json(await adminResetTwoFactor(db(c), actorOf(c), c.req.param("id"))))
  .get("/users/:id", async (c) => c.json(await getAdminUser(db(c), c.req.param("id"))))
  .put("/users/:id", jsonBody(adminUserUpdateSchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(await updateAdminUser(db(c), actorOf(c), c.req.param("id"), input));
  })
  .post("/users/:id/toggle", async (c) => c.json(await setUserActive(db(c), actorOf(c), c.req.param("id"))))
  .post("/users/:id/credits", jsonBody(adminCreditsSchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(await addAdminCredits(db(c), actorOf(c), c.req.param("id"), input));
  })

  .get("/searches/export", adminHistoryExport)
  .get("/monitoring/export", adminPortfolioExport)
  .get("/searches", queryOf(adminSearchesQuery), async (c) => c.json(await listAdminSearches(db(c), c.req.valid("query"))))
  /** Any user's search, read-only, as GET /api/searches/{id} answers it; audited. */
  .get("/searches/:id", async (c) => c.json(await searchDetail(db(c), await viewSearchAsAdmin(db(c), actorOf(c), c.req.param("id")))))
  /** Every user's batches, and any one of them with its rows, read-only with the owner (admins and auditors). */
  .get("/batch-jobs", queryOf(adminBatchesQuery), async (c) => c.json(await listAllBatches(db(c), c.req.valid("query"))))
  .get("/batch-jobs/:id", async (c) => c.json(await viewBatchAsAdmin(db(c), actorOf(c), c.req.param("id"))))
  .get("/batch-jobs/:id/results", queryOf(batchResultsQuerySchema), async (c) =>
    c.json(await listAnyBatchResults(db(c), c.req.param("id"), c.req.valid("query"))),
  )
  /** Every user's monitored entities (filtered as the owner's list is), and any one of them, read-only with the owner. */
  .get("/monitoring", queryOf(adminMonitoringQuerySchema), async (c) => c.json(await listAllMonitoredEntities(db(c), c.req.valid("query"))))
  .get("/monitoring/:id", async (c) => c.json(await viewMonitoredEntityAsAdmin(db(c), actorOf(c), c.req.param("id"))))
  .get("/transactions", queryOf(adminTransactionsQuery), async (c) => c.json(await listAdminTransactions(db(c), c.req.valid("query"))))

  .get("/settings", async (c) => c.json(await getAdminSettings(db(c))))
  .post("/settings", jsonBody(adminSettingsSchema), async (c) => {
    const input = c.req.valid("json");
    return c.json(adminSettingsView(await saveSettings(db(c), actorOf(c), input)));
  });
