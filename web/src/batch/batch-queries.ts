/** Query keys and URLs of the batch calls. */
export const BATCHES_QUERY_KEY = ["/api/batch-jobs"] as const;
/** The pages of GET /api/batch-jobs. */
export const BATCH_LIST_QUERY_KEY = [...BATCHES_QUERY_KEY, "list"] as const;
export const batchQueryKey = (id: string) => [...BATCHES_QUERY_KEY, id] as const;
/** The pages of a batch's results, one list per risk filter. */
export const batchResultsQueryKey = (id: string) => [...BATCHES_QUERY_KEY, id, "results"] as const;

export const batchUrl = (id: string) => `/api/batch-jobs/${encodeURIComponent(id)}`;

export type ExportFormat = "csv" | "xlsx" | "pdf";
export const exportUrl = (id: string, format: ExportFormat) => `${batchUrl(id)}/export?format=${format}`;
