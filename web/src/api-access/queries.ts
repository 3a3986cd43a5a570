import { queryOptions } from "@tanstack/react-query";
import type { ApiKeyListItem } from "../../../lib/auth/schemas.ts";
import { getQueryFn } from "../lib/query-client";

export const API_KEYS_QUERY_KEY = ["/api/user/api-keys"] as const;

/** GET /api/user/api-keys (the keys masked), typed by the auth contract. */
export const apiKeysQuery = queryOptions({ queryKey: API_KEYS_QUERY_KEY, queryFn: getQueryFn<ApiKeyListItem[]>({ on401: "throw" }) });
