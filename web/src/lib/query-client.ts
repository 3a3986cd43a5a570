import { DuecheckError } from "@duecheck/react/api/errors";
import { QueryCache, QueryClient } from "@tanstack/react-query";

/** Query key of GET /api/auth/me, the signed-in user (null when signed out). */
export const SESSION_QUERY_KEY = ["/api/auth/me"] as const;

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
