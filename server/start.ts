import { type Database, openDatabase } from "../data/db.ts";
import { ensureFirstAdmin } from "../lib/auth/bootstrap-admin.ts";
import { loadInstanceKey } from "../lib/auth/instance-key.ts";
import { loadPasswordCost } from "../lib/auth/password-cost.ts";
import { pruneExpiredSessions } from "../lib/auth/sessions.ts";
import { pruneSignInAddresses } from "../lib/auth/sign-in-addresses.ts";
import { backfillCasesInBackground } from "../lib/cases/backfill.ts";
import type { AppConfig } from "../lib/config.ts";
import type { MonitoringScheduler } from "../lib/monitoring/scheduler.ts";
import { pruneExpiredWindows } from "../lib/ratelimit/fixed-window.ts";
import type { DailyReportScheduler } from "../lib/reports/daily/scheduler.ts";
import type { RetentionScheduler } from "../lib/retention/scheduler.ts";
import { DATASET_UPLOAD_MAX_BYTES } from "../lib/sanctions/upload-contract.ts";
import { seedSystemSettings } from "../lib/settings/system-settings.ts";
import { sealLegacyWebhookSecrets } from "../lib/webhooks/secret-seal.ts";
import { wireCapabilities } from "../lib/wiring.ts";
import { createApp } from "./app.ts";
import { startMonitoringService } from "./monitoring/service.ts";
import { type NotificationService, notificationSettings, startNotificationService } from "./notifications/service.ts";
import { dailyReportSettings, startDailyReportService } from "./reports/service.ts";
import { retentionSettings, startRetentionService } from "./retention/service.ts";
import { type SanctionsService, startSanctionsService } from "./sanctions/service.ts";
import { type ScreeningService, startScreeningService } from "./screening/service.ts";

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  /** Set when this start created the first admin with a generated password (shown once). */
  firstAdmin: { email: string; password?: string } | null;
  stop(): Promise<void>;
}

const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/** Opens the database (migrating it), seeds what an empty install needs, and serves API and web app. */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const reportSettings = dailyReportSettings();
  const purgeSettings = retentionSettings();
  const digestSettings = notificationSettings();
  // A password cost below the floor stops the server here, not at the first sign-up.
  loadPasswordCost();
  wireCapabilities();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, role: "server" });
  let sanctions: SanctionsService | null = null;
  let screening: ScreeningService | null = null;
  let monitoring: MonitoringScheduler | null = null;
  let dailyReports: DailyReportScheduler | null = null;
  let retention: RetentionScheduler | null = null;
  let notifications: NotificationService | null = null;
  try {
    const { db } = database;
    await seedSystemSettings(db);
    const firstAdmin = await ensureFirstAdmin(db, { email: config.adminEmail, password: config.adminPassword });
    const instanceKey = loadInstanceKey({ secret: config.secret, dataDir: config.dataDir });
    const sealed = await sealLegacyWebhookSecrets(db, instanceKey);
    if (sealed > 0) console.log(`[duecheck] sealed ${sealed} webhook signing secret${sealed === 1 ? "" : "s"} stored in clear`);
    const app = createApp({ database, config, instanceKey });
    sanctions = await startSanctionsService(database);
    screening = await startScreeningService(database, sanctions, instanceKey);
    monitoring = startMonitoringService(database, screening);
    dailyReports = startDailyReportService(database, reportSettings);
    retention = startRetentionService(database, purgeSettings);
    notifications = await startNotificationService(database, screening.queue, config, digestSettings);

    const server = Bun.serve({
      port: config.port,
      hostname: config.host,
      fetch: (req, srv) => app.fetch(req, { requestIP: (r: Request) => srv.requestIP(r), noTimeout: (r: Request) => srv.timeout(r, 0) }),
      // Uploads (batch CSV, dataset files) are limited per route; this is the outer bound, just above the largest
      // (a dataset upload, with room for the multipart framing and a route's own clear 413): a body without a declared
      // length is buffered whole before any route sees it, so the bound is what such a body can cost in memory.
      maxRequestBodySize: DATASET_UPLOAD_MAX_BYTES + 2 * 1024 * 1024,
    });

    // Searches that needed review before cases existed join their cases, beside the serving (lib/cases/backfill.ts).
    const caseBackfill = backfillCasesInBackground(db);

    const maintenance = setInterval(() => {
      Promise.all([pruneExpiredSessions(db), pruneExpiredWindows(db), pruneSignInAddresses(db)]).catch((e) =>
        console.error("[duecheck] maintenance failed:", e),
      );
    }, MAINTENANCE_INTERVAL_MS);

    const host = config.host === "0.0.0.0" ? "localhost" : config.host;
    return {
      url: `http://${host}:${server.port}`,
      port: server.port!,
      database,
      firstAdmin,
      async stop() {
        clearInterval(maintenance);
        await server.stop(true);
        await caseBackfill.stop();
        await notifications?.stop();
        await retention?.stop();
        await dailyReports?.stop();
        await monitoring?.stop();
        await screening?.stop();
        await sanctions?.stop();
        await database.close();
      },
    };
  } catch (error) {
    await notifications?.stop();
    await retention?.stop();
    await dailyReports?.stop();
    await monitoring?.stop();
    await screening?.stop();
    await sanctions?.stop();
    await database.close();
    throw error;
  }
}
