import { PUBLIC_API_ROUTES as routes } from "@lib/public-api/routes.ts";
import { type Fetcher, fileNameOf, routeCaller } from "./call.ts";
import type {
  BatchAccepted,
  BatchProgress,
  CreateSearchRequest,
  DownloadedFile,
  ExportFormat,
  ListSearchAnswer,
  ListSearchQuery,
  MonitoredEntityView,
  MonitoredPage,
  MonitoringStatus,
  NewMonitoredEntityRequest,
  ScreeningView,
} from "./types.ts";

export { type Fetcher, fileNameOf };

/**
 * What the components ask of a duecheck server. The package makes one for the public API from `baseUrl` and `token`
 * (publicApiTransport); the duecheck app passes its own for the signed-in session.
 */
export interface DuecheckTransport {
  /** Starts a search; answers at once (the components then read it). */
  startSearch(request: CreateSearchRequest): Promise<{ id: string }>;
  /** With waitSeconds: the server answers once the search has ended, or as it stands after that time. */
  getSearch(id: string, options?: { waitSeconds?: number }): Promise<ScreeningView>;
  exportSearch(id: string, format: ExportFormat): Promise<DownloadedFile>;
  /** Where a report can be opened as a plain link (a cookie session), if it can: then no download through exportSearch. */
  exportUrl?(id: string, format: ExportFormat): string;
  searchLists(query: ListSearchQuery): Promise<ListSearchAnswer>;
  uploadBatch(file: File, name?: string): Promise<BatchAccepted>;
  getBatch(id: string): Promise<BatchProgress>;
  listMonitored(): Promise<MonitoredPage>;
  addMonitored(request: NewMonitoredEntityRequest): Promise<MonitoredEntityView>;
  setMonitoredStatus(id: string, status: MonitoringStatus): Promise<MonitoredEntityView>;
  removeMonitored(id: string): Promise<void>;
}

/** The list search's query: term, dataset, type, and the details as birthDate, nationality, identifier=KIND:VALUE. */
function listSearchQuery({ term, type, dataset, details }: ListSearchQuery) {
  return {
    term,
    type,
    dataset: [dataset ?? "sanctions"],
    birthDate: details?.birthDate || undefined,
    nationality: details?.nationality || undefined,
    identifier: details?.identifiers?.map((identifier) => `${identifier.kind}:${identifier.value}`),
  };
}

/**
 * The public API (/api/v1) of the server at `baseUrl`, with an embed token (or, server-side only, an API key). Every
 * call is made from its route definition, and its answer read by the definition's schema.
 */
export function publicApiTransport({
  baseUrl,
  token,
  fetcher = (input, init) => fetch(input, init),
}: {
  baseUrl: string;
  token: string;
  fetcher?: Fetcher;
}): DuecheckTransport {
  const api = routeCaller(fetcher, `${baseUrl.replace(/\/+$/, "")}/api/v1`, { Authorization: `Bearer ${token}` });
  return {
    startSearch: (request) => api.call(routes.screenName, { query: { wait: 0 }, body: request }),
    getSearch: (searchId, options) => api.call(routes.getSearch, { params: { searchId }, query: options?.waitSeconds ? { wait: options.waitSeconds } : {} }),
    exportSearch: (searchId, format) =>
      api.file(routes.exportSearch, { params: { searchId, format } }, `duecheck-${searchId}.${format === "pdf" ? "pdf" : "xlsx"}`),
    // 503 names the lists without data: an answer to show, not a failure.
    searchLists: (query) => api.call(routes.searchSanctionsLists, { query: listSearchQuery(query) }, { answers: [503] }),
    uploadBatch: (file, name) => api.call(routes.createBatch, { form: { file, name } }),
    getBatch: (batchId) => api.call(routes.getBatch, { params: { batchId } }),
    listMonitored: () => api.call(routes.listMonitoredEntities, { query: { limit: 100 } }),
    addMonitored: (request) => api.call(routes.monitorName, { body: request }),
    setMonitoredStatus: (entityId, status) => api.call(routes.setMonitoringStatus, { params: { entityId }, body: { status } }),
    removeMonitored: async (entityId) => {
      await api.call(routes.stopMonitoring, { params: { entityId } });
    },
  };
}
