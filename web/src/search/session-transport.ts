import { type DuecheckTransport, jsonCaller, listSearchParams } from "@duecheck/react/api/transport";
import { observedFetch } from "../service-status/status-store";

const id = encodeURIComponent;
const unavailable = (what: string) => () => Promise.reject(new Error(`${what} has its own screen in the app`));

/**
 * The embeddable components' transport over the signed-in session (cookie API): the app's search screen renders the
 * package's search flow with it, so the app and the embeds share one implementation. Reports open as links.
 */
export function sessionTransport(): DuecheckTransport {
  const api = jsonCaller((input, init) => observedFetch(input, { ...init, credentials: "include" }), "", {});
  return {
    startSearch: (request) => api.json("POST", "/api/searches", request),
    getSearch: (searchId, options) => api.json("GET", `/api/searches/${id(searchId)}${options?.waitSeconds ? `?wait=${options.waitSeconds}` : ""}`),
    exportSearch: (searchId, format) => api.file(`/api/searches/${id(searchId)}/export/${format}`, `duecheck-${searchId}.${format === "pdf" ? "pdf" : "xlsx"}`),
    exportUrl: (searchId, format) => `/api/searches/${id(searchId)}/export/${format}`,
    // 503 names the lists without data: an answer to show, not a failure.
    searchLists: (query) => api.json("GET", `/api/sanctions/search?${listSearchParams(query)}`, undefined, [503]),
    uploadBatch: unavailable("Batch processing"),
    getBatch: unavailable("Batch processing"),
    listMonitored: () => api.json("GET", "/api/monitoring/entities?limit=100"),
    addMonitored: (request) => api.json("POST", "/api/monitoring/entities", request),
    setMonitoredStatus: (entityId, status) => api.json("PUT", `/api/monitoring/entities/${id(entityId)}/status`, { status }),
    removeMonitored: async (entityId) => {
      await api.send("DELETE", `/api/monitoring/entities/${id(entityId)}`);
    },
  };
}
