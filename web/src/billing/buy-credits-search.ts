/** What Stripe adds to the return URL after a payment that needed a redirect (/buy-credits?payment_intent=pi_...). */
export type BuyCreditsSearch = { payment_intent?: string };

export function validateBuyCreditsSearch(search: Record<string, unknown>): BuyCreditsSearch {
  const id = search.payment_intent;
  return typeof id === "string" && /^pi_[A-Za-z0-9_]+$/.test(id) ? { payment_intent: id } : {};
}
