import { queryOptions } from "@tanstack/react-query";
import type { DatasetView, ListStatesAnswer } from "../../../lib/sanctions/contract.ts";
import { getQueryFn } from "../lib/query-client";

export const DATASETS_QUERY_KEY = ["/api/sanctions/datasets"] as const;

export const STATUS_QUERY_KEY = ["/api/sanctions/status"] as const;

/** GET /api/sanctions/datasets, typed by the sanctions contract. */
export const datasetsQuery = queryOptions({ queryKey: DATASETS_QUERY_KEY, queryFn: getQueryFn<DatasetView[]>({ on401: "throw" }) });

/** GET /api/sanctions/status. */
export const sanctionsStatusQuery = queryOptions({ queryKey: STATUS_QUERY_KEY, queryFn: getQueryFn<ListStatesAnswer>({ on401: "throw" }) });
