import { DuecheckError, errorOf } from "@duecheck/react/api/errors";
import { QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { observedFetch } from "../service-status/status-store";

type On401 = "returnNull" | "throw";

/** Query key of GET /api/auth/me, the signed-in user (null when signed out). */
export const SESSION_QUERY_KEY = ["/api/auth/me"] as const;

/** GET a JSON answer as queries do: a non-OK answer throws a DuecheckError (a 401 may read as null). */
export async function fetchQueryJson<T>(url: string, { on401, signal }: { on401: On401; signal?: AbortSignal }): Promise<T> {
  const res = await observedFetch(url, { credentials: "include", signal });
  if (on401 === "returnNull" && res.status === 401) return null as T;
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

/** Default query: GET the queryKey segments joined with '/'. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T> {
  return ({ queryKey, signal }) => fetchQueryJson<T>(queryKey.join("/"), { on401, signal });
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    // A 401 on any data query means the session has ended: forget the user, so the auth guard sends them to /login.
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof DuecheckError && error.status === 401) client.setQueryData(SESSION_QUERY_KEY, null);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
