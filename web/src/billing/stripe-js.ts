import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js from js.stripe.com for a publishable key, loaded once when /buy-credits first needs it (the pure entry
 * point: no other screen fetches the script). A failed load is forgotten, so a later visit tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}
