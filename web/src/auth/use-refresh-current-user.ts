import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { CURRENT_USER_QUERY_KEY } from "./use-current-user";

/** Refetches GET /api/auth/me, used after every change to the account. */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }), [queryClient]);
}
