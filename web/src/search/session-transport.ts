import { DuecheckError, errorOf } from "@duecheck/react/api/errors";
import { type DuecheckTransport, fileNameOf } from "@duecheck/react/api/transport";
import type { ListSearchQuery } from "@duecheck/react/api/types";
import type { ClientResponse } from "hono/client";
import { answer, api } from "../lib/api";

/** hc puts a path parameter into the address as it is given: encoded here, so an id holding "/" or "?" stays one segment. */
const segment = encodeURIComponent;
const unavailable = (what: string) => () => Promise.reject(new Error(`${what} has its own screen in the app`));

/**
 * A call that did not reach the server fails as DuecheckError(0), as in the package's own transport: the components
 * retry those (a network hiccup) and show refusals at once.
 */
async function reached<R>(request: Promise<R>): Promise<R> {
  try {
    return await request;
  } catch (error) {
    throw new DuecheckError(0, error instanceof Error ? error.message : String(error));
  }
}

/** A refusal of a call whose answer is not read by `answer` (a file, the list search's 503): the server's text. */
async function refusal(response: ClientResponse<unknown, number, string>) {
  return errorOf(response);
}

/** The list search's query (the package's listSearchParams, as the route's typed query): details as text, identifiers repeated. */
function listQuery({ term, type, dataset, details }: ListSearchQuery) {
  return {
    term,
    dataset: dataset ?? "sanctions",
    ...(type ? { type } : {}),
    ...(details?.birthDate ? { birthDate: details.birthDate } : {}),
    ...(details?.nationality ? { nationality: details.nationality } : {}),
    ...(details?.identifiers?.length ? { identifier: details.identifiers.map((identifier) => `${identifier.kind}:${identifier.value}`) } : {}),
  };
}

/**
 * The embeddable components' transport over the signed-in session (cookie API): the app's search screen renders the
 * package's search flow with it, so the app and the embeds share one implementation. Every call is the route's typed
 * call (web/src/lib/api.ts), so the answers the components read are checked against what the routes return. Reports
 * open as links.
 */
export function sessionTransport(): DuecheckTransport {
  return {
    startSearch: (request) => answer(reached(api.searches.$post({ json: request }))),
    getSearch: (id, options) =>
      answer(reached(api.searches[":id"].$get({ param: { id: segment(id) }, query: options?.waitSeconds ? { wait: String(options.waitSeconds) } : {} }))),
    exportSearch: async (id, format) => {
      const report = api.searches[":id"].export;
      const response = await reached(format === "pdf" ? report.pdf.$get({ param: { id: segment(id) } }) : report.excel.$get({ param: { id: segment(id) } }));
      if (!response.ok) throw await refusal(response);
      const fallback = `duecheck-${id}.${format === "pdf" ? "pdf" : "xlsx"}`;
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition"), fallback) };
    },
    exportUrl: (id, format) => `/api/searches/${encodeURIComponent(id)}/export/${format}`,
    searchLists: async (query) => {
      const response = await reached(api.sanctions.search.$get({ query: listQuery(query) }));
      // 503 names the lists without data: an answer to show, not a failure.
      if (!response.ok && response.status !== 503) throw await refusal(response);
      return response.json();
    },
    uploadBatch: unavailable("Batch processing"),
    getBatch: unavailable("Batch processing"),
    listMonitored: () => answer(reached(api.monitoring.entities.$get({ query: { limit: "100" } }))),
    addMonitored: (request) => answer(reached(api.monitoring.entities.$post({ json: request }))),
    setMonitoredStatus: (id, status) => answer(reached(api.monitoring.entities[":id"].status.$put({ param: { id: segment(id) }, json: { status } }))),
    removeMonitored: async (id) => {
      await answer(reached(api.monitoring.entities[":id"].$delete({ param: { id: segment(id) } })));
    },
  };
}
