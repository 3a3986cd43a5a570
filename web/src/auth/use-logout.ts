import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { answer, api } from "../lib/api";
import { CURRENT_USER_QUERY_KEY } from "./use-current-user";

/** POST /api/auth/logout, then forget every cached answer and go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => answer(api.auth.logout.$post()),
    onSettled: async () => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      await navigate({ to: "/login" });
      queryClient.clear();
    },
  });
}
