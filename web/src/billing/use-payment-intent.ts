import { useQuery } from "@tanstack/react-query";
import type { CreatePaymentIntentRequest } from "../../../lib/billing/schemas.ts";
import { answer, api } from "../lib/api";

/** The answer had no clientSecret: the payment panel shows 'Failed to create payment intent' (billing.noClientSecret). */
export class MissingClientSecretError extends Error {
  constructor() {
    super("Failed to create payment intent");
    this.name = "MissingClientSecretError";
  }
}

export const paymentIntentQueryKey = (credits: number) => ["billing", "payment-intent", credits] as const;

/**
 * POST /api/credits/create-payment-intent for the chosen package (the server sets the price). As a query, so the
 * screen asks once per package shown, and forgets the intent as soon as the package changes.
 */
export function usePaymentIntent(credits: number) {
  return useQuery({
    queryKey: paymentIntentQueryKey(credits),
    queryFn: async () => {
      const body: CreatePaymentIntentRequest = { credits };
      const intent = await answer(api.credits["create-payment-intent"].$post({ json: body }));
      if (!intent?.clientSecret) throw new MissingClientSecretError();
      return intent;
    },
    gcTime: 0,
    staleTime: Infinity,
  });
}
