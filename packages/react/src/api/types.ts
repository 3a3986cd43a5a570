/** The shapes the components read, all from lib/ (the same zod schemas and types as the server). */
import type { MonitoredEntityView, MonitoringCounts, MonitoringFrequency, MonitoringStatus } from "../../../../lib/monitoring/schemas.ts";
import type { RiskLevel } from "../../../../lib/screening/results.ts";
import type { CreateSearchRequest, SearchDetails } from "../../../../lib/screening/schemas.ts";
import type { SanctionsAnswer } from "../../../../lib/sanctions/search.ts";
import type { z } from "zod";
import type { batchAcceptedSchema, batchStatusSchema, publicSearchResultSchema } from "../../../../server/public-api/schemas.ts";

export type { CreateSearchRequest, MonitoredEntityView, MonitoringCounts, MonitoringFrequency, MonitoringStatus, RiskLevel };

/** A search as both the public API (GET /api/v1/search/{id}) and the app's own API (GET /api/searches/{id}) answer it. */
export type ScreeningView = Pick<
  z.infer<typeof publicSearchResultSchema>,
  "id" | "status" | "searchTerm" | "entityType" | "aiSummary" | "error" | "createdAt" | "details" | "results" | "riskLevel"
>;

/** GET /api/v1/sanctions/search, as JSON (the results' dates and ids as the server serialises them). */
export type ListSearchAnswer = Omit<SanctionsAnswer, "results"> & { results: SanctionsAnswer["results"]; error?: string };

export interface ListSearchQuery {
  term: string;
  type?: "person" | "company";
  dataset?: "sanctions" | "peps";
  /** Query by example: weighed as in a search. */
  details?: SearchDetails;
}

export type BatchAccepted = z.infer<typeof batchAcceptedSchema>;

export type BatchProgress = z.infer<typeof batchStatusSchema>;

export interface MonitoredPage {
  items: MonitoredEntityView[];
  nextCursor: string | null;
  total: number;
  counts: MonitoringCounts;
}

export interface NewMonitoredEntityRequest {
  searchTerm: string;
  entityType: "person" | "company";
  frequency: MonitoringFrequency;
}

export type ExportFormat = "pdf" | "excel";

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}
