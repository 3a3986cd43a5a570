/**
 * Every call of the public API (/api/v1), described once: the server validates with these definitions and mounts its
 * handlers on their paths, the OpenAPI document is generated from them, and @duecheck/react calls them typed by them.
 * An operationId, once published, is never renamed: generated clients name their methods after it.
 */
import { addCaseNote, assignCase, changeCaseStatus, getCase, listCases } from "./case-routes.ts";
import { listMonitoredEntities, monitorName, searchSanctionsLists, setMonitoringStatus, stopMonitoring } from "./embeddable-routes.ts";
import {
  addSearchNote,
  approveDecision,
  compareNames,
  listBatches,
  listBatchResults,
  listOpenHits,
  listReviewQueue,
  listSearches,
  rejectDecision,
} from "./list-routes.ts";
import { createBatch, createEmbedToken, decideHit, exportSearch, getBatch, getSearch, screenName } from "./search-routes.ts";

export const PUBLIC_API_ROUTES = {
  screenName,
  getSearch,
  decideHit,
  exportSearch,
  createEmbedToken,
  createBatch,
  getBatch,
  searchSanctionsLists,
  listMonitoredEntities,
  monitorName,
  setMonitoringStatus,
  stopMonitoring,
  listCases,
  getCase,
  assignCase,
  changeCaseStatus,
  addCaseNote,
  listSearches,
  listBatches,
  listBatchResults,
  listReviewQueue,
  listOpenHits,
  approveDecision,
  rejectDecision,
  addSearchNote,
  compareNames,
} as const;

export type PublicApiRoutes = typeof PUBLIC_API_ROUTES;
