import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { AuthOptions } from "../../../lib/auth/schemas.ts";
import { apiRequest } from "../lib/api";

/** GET /api/auth/options: whether this instance mails (reset links, email confirmation). */
export const authOptionsQuery = queryOptions({
  queryKey: ["auth", "options"],
  queryFn: () => apiRequest<AuthOptions>("GET", "/api/auth/options"),
  staleTime: 60_000,
});

export const useAuthOptions = () => useQuery(authOptionsQuery);

/** POST /api/auth/forgot-password {email}: the same answer whether or not the address has an account. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => apiRequest<{ message: string }>("POST", "/api/auth/forgot-password", { email }) });

/** POST /api/auth/reset-password {token, password}: a reset or invitation link, once. */
export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => apiRequest<{ success: true }>("POST", "/api/auth/reset-password", body) });

/** POST /api/auth/recovery-codes: ten new codes, proven with the password or an authenticator code. */
export const useRegenerateRecoveryCodes = () =>
  useMutation({
    mutationFn: (proof: string) =>
      apiRequest<{ recoveryCodes: string[] }>("POST", "/api/auth/recovery-codes", /^\d{6}$/.test(proof.trim()) ? { code: proof.trim() } : { password: proof }),
  });
