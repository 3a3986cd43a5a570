import { DuecheckError, errorOf } from "./errors.ts";
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

/** A fetch-like function: the transport's only contact with the network (tests and hosts may wrap it). */
export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/** `attachment; filename="duecheck-acme-2025-01-31.pdf"` -> the file name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/**
 * Calls a server's JSON API: `prefix` is prepended to every path, `headers` go with every call. Network failures
 * become DuecheckError(0); a refusal, DuecheckError(status, the server's text).
 */
export function jsonCaller(fetcher: Fetcher, prefix: string, headers: Record<string, string>) {
  /** `answers`: refusals that carry an answer to show (the list search's 503 names the lists without data). */
  async function send(method: string, path: string, body?: BodyInit | object, answers: number[] = []): Promise<Response> {
    const isForm = typeof FormData !== "undefined" && body instanceof FormData;
    let response: Response;
    try {
      response = await fetcher(`${prefix}${path}`, {
        method,
        headers: { Accept: "application/json", ...headers, ...(body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}) },
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      });
    } catch (error) {
      throw new DuecheckError(0, error instanceof Error ? error.message : String(error));
    }
    if (!response.ok && !answers.includes(response.status)) throw await errorOf(response);
    return response;
  }
  return {
    send,
    json: async <T>(method: string, path: string, body?: BodyInit | object, answers: number[] = []): Promise<T> =>
      (await send(method, path, body, answers)).json() as Promise<T>,
    file: async (path: string, fallbackName: string): Promise<DownloadedFile> => {
      const response = await send("GET", path);
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName) };
    },
  };
}

const id = encodeURIComponent;

/** The list search's query string: term, dataset, type, and the details as birthDate, nationality, identifier=KIND:VALUE. */
export function listSearchParams({ term, type, dataset, details }: ListSearchQuery): URLSearchParams {
  const params = new URLSearchParams({ term, dataset: dataset ?? "sanctions" });
  if (type) params.set("type", type);
  if (details?.birthDate) params.set("birthDate", details.birthDate);
  if (details?.nationality) params.set("nationality", details.nationality);
  for (const identifier of details?.identifiers ?? []) params.append("identifier", `${identifier.kind}:${identifier.value}`);
  return params;
}

/** The public API (/api/v1) of the server at `baseUrl`, with an embed token (or, server-side only, an API key). */
export function publicApiTransport({
  baseUrl,
  token,
  fetcher = (input, init) => fetch(input, init),
}: {
  baseUrl: string;
  token: string;
  fetcher?: Fetcher;
}): DuecheckTransport {
  const api = jsonCaller(fetcher, `${baseUrl.replace(/\/+$/, "")}/api/v1`, { Authorization: `Bearer ${token}` });
  return {
    startSearch: (request) => api.json("POST", "/search?wait=0", request),
    getSearch: (searchId, options) => api.json("GET", `/search/${id(searchId)}${options?.waitSeconds ? `?wait=${options.waitSeconds}` : ""}`),
    exportSearch: (searchId, format) => api.file(`/search/${id(searchId)}/export/${format}`, `duecheck-${searchId}.${format === "pdf" ? "pdf" : "xlsx"}`),
    // 503 names the lists without data: an answer to show, not a failure.
    searchLists: (query) => api.json("GET", `/sanctions/search?${listSearchParams(query)}`, undefined, [503]),
    uploadBatch: (file, name) => {
      const form = new FormData();
      form.append("file", file);
      if (name) form.append("name", name);
      return api.json("POST", "/batch", form);
    },
    getBatch: (batchId) => api.json("GET", `/batch/${id(batchId)}`),
    listMonitored: () => api.json("GET", "/monitoring/entities?limit=100"),
    addMonitored: (request) => api.json("POST", "/monitoring/entities", request),
    setMonitoredStatus: (entityId, status) => api.json("PUT", `/monitoring/entities/${id(entityId)}/status`, { status }),
    removeMonitored: async (entityId) => {
      await api.send("DELETE", `/monitoring/entities/${id(entityId)}`);
    },
  };
}
