import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { answer, api, withSignal } from "../lib/api";

/** GET /api/auth/options: whether this instance mails (reset links, email confirmation). */
export const authOptionsQuery = queryOptions({
  queryKey: ["auth", "options"],
  queryFn: ({ signal }) => answer(api.auth.options.$get({}, withSignal(signal))),
  staleTime: 60_000,
});

export const useAuthOptions = () => useQuery(authOptionsQuery);

/** POST /api/auth/forgot-password {email}: the same answer whether or not the address has an account. */
export const useForgotPassword = () => useMutation({ mutationFn: (email: string) => answer(api.auth["forgot-password"].$post({ json: { email } })) });

/** POST /api/auth/reset-password {token, password}: a reset or invitation link, once. */
export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => answer(api.auth["reset-password"].$post({ json: body })) });

/** POST /api/auth/recovery-codes: ten new codes, proven with the password or an authenticator code. */
export const useRegenerateRecoveryCodes = () =>
  useMutation({
    mutationFn: (proof: string) =>
      answer(api.auth["recovery-codes"].$post({ json: /^\d{6}$/.test(proof.trim()) ? { code: proof.trim() } : { password: proof } })),
  });
