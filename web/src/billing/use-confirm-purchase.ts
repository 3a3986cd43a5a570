import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmPaymentRequest } from "../../../lib/billing/schemas.ts";
import { CREDIT_BALANCE_QUERY_KEY } from "../credits/use-credit-balance";
import { answer, api } from "../lib/api";
import { SESSION_QUERY_KEY } from "../lib/query-client";

/**
 * POST /api/billing/confirm once Stripe.js says the payment went through: the server asks Stripe and credits the
 * purchase (once, however often it is told). Then the user (sidebar balance), the balance, history and purchases are
 * read again.
 */
export function useConfirmPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmPaymentRequest) => answer(api.billing.confirm.$post({ json: body })),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: CREDIT_BALANCE_QUERY_KEY })]),
  });
}
