import { queryOptions } from "@tanstack/react-query";
import { answer, api, withSignal } from "../lib/api";

export const API_KEYS_QUERY_KEY = ["/api/user/api-keys"] as const;

/** GET /api/user/api-keys (the keys masked), typed by its route. */
export const apiKeysQuery = queryOptions({
  queryKey: API_KEYS_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.user["api-keys"].$get({}, withSignal(signal))),
});
