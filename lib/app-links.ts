/**
 * Where the web app shows things, for links written outside it (exports, webhook payloads). Absolute with the app's
 * public address when one is known (DUECHECK_PUBLIC_URL, or a request's origin), else relative to the app.
 * Browser-safe: no configuration is read here.
 */

/** A batch's results screen. */
export const batchPath = (batchId: string) => `/batch/${encodeURIComponent(batchId)}`;

/** A monitored entity's changes screen. */
export const monitoringChangesPath = (entityId: string) => `/automatic-screening/${encodeURIComponent(entityId)}/changes`;

/** A case's page. */
export const casePath = (caseId: string) => `/cases/${encodeURIComponent(caseId)}`;

/** The path under the base address ("https://duecheck.example.com" + "/batch/…"); the path alone without one. */
export function appLink(baseUrl: string | null | undefined, path: string): string {
  return `${baseUrl?.replace(/\/+$/, "") ?? ""}${path}`;
}
