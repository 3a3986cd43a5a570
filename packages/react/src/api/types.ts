/**
 * The shapes the components read, all from lib/: the schemas the public API's route definitions answer with
 * (lib/public-api/routes.ts), by which the transport reads every answer, and the interfaces they agree with.
 */

import type {
  MonitoredEntityView,
  MonitoringCounts,
  MonitoringFrequency,
  MonitoringStatus,
  monitoredListSchema,
  newMonitoredEntitySchema,
} from "@lib/monitoring/schemas.ts";
import type { batchAcceptedSchema, batchStatusSchema, exportFormatSchema, publicSearchResultSchema } from "@lib/public-api/schemas.ts";
import type { ListSearchAnswer, searchQuerySchema } from "@lib/sanctions/contract.ts";
import type { CreateSearchRequest, RiskLevel, SearchDetails } from "@lib/screening/contract.ts";
import type { z } from "zod";

export type { CreateSearchRequest, ListSearchAnswer, MonitoredEntityView, MonitoringCounts, MonitoringFrequency, MonitoringStatus, RiskLevel };

/** A search as both the public API (GET /api/v1/search/{id}) and the app's own API (GET /api/searches/{id}) answer it. */
export type ScreeningView = Pick<
  z.infer<typeof publicSearchResultSchema>,
  "id" | "status" | "searchTerm" | "entityType" | "aiSummary" | "error" | "createdAt" | "details" | "results" | "riskLevel"
>;

/** GET /api/v1/sanctions/search: the term and type of the lists' query schema, which lists, and query by example. */
export type ListSearchQuery = Pick<z.input<typeof searchQuerySchema>, "term" | "type"> & {
  dataset?: "sanctions" | "peps";
  /** Weighed as in a search. */
  details?: SearchDetails;
};

export type BatchAccepted = z.infer<typeof batchAcceptedSchema>;

export type BatchProgress = z.infer<typeof batchStatusSchema>;

/** GET /api/v1/monitoring/entities. */
export type MonitoredPage = z.infer<typeof monitoredListSchema>;

/** POST /api/v1/monitoring/entities. */
export type NewMonitoredEntityRequest = z.input<typeof newMonitoredEntitySchema>;

/** GET /api/v1/search/{searchId}/export/{format}. */
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}
