import { queryOptions } from "@tanstack/react-query";
import { answer, api, withSignal } from "../lib/api";

export const DATASETS_QUERY_KEY = ["/api/sanctions/datasets"] as const;

export const STATUS_QUERY_KEY = ["/api/sanctions/status"] as const;

/** GET /api/sanctions/datasets, typed by its route. */
export const datasetsQuery = queryOptions({
  queryKey: DATASETS_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.sanctions.datasets.$get({}, withSignal(signal))),
});

/** GET /api/sanctions/status. */
export const sanctionsStatusQuery = queryOptions({
  queryKey: STATUS_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.sanctions.status.$get({}, withSignal(signal))),
});
