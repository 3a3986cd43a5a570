import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicUser } from "../../../lib/auth/schemas.ts";
import { getQueryFn, SESSION_QUERY_KEY } from "../lib/query-client";

export const CURRENT_USER_QUERY_KEY = SESSION_QUERY_KEY;

/** GET /api/auth/me: a 401 reads as null (signed out). */
export const currentUserQuery = queryOptions({ queryKey: CURRENT_USER_QUERY_KEY, queryFn: getQueryFn<PublicUser | null>({ on401: "returnNull" }) });

/** The signed-in user, or null when signed out (a 401 or any failure of GET /api/auth/me means signed out). */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading, refetch: query.refetch };
}
