import { DuecheckError } from "@duecheck/react/api/errors";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { answer, api, withSignal } from "../lib/api";
import { SESSION_QUERY_KEY } from "../lib/query-client";

export const CURRENT_USER_QUERY_KEY = SESSION_QUERY_KEY;

/** GET /api/auth/me: a 401 reads as null (signed out). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: ({ signal }) => answer(api.auth.me.$get({}, withSignal(signal)), { on401: "null" }),
});

/**
 * The signed-in user, or null when signed out (a 401 or a failure of GET /api/auth/me). `unavailable`: the server
 * answered 503 (its database cannot be reached), which says nothing about the session: the user is not signed out,
 * and the query is fetched again once the server is back.
 */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  const unavailable = query.error instanceof DuecheckError && query.error.status === 503;
  return { user: query.data ?? null, isLoading: query.isLoading, unavailable, refetch: query.refetch };
}
