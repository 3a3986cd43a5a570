/**
 * A local stand-in for Stripe.js (js.stripe.com cannot be reached from the tests). The browser's requests to
 * js.stripe.com are answered with a small script defining window.Stripe with the parts the app calls: elements()
 * with create("payment") / mount / on / destroy (a card-number field instead of Stripe's iframe), and
 * confirmPayment(), which asks the test's Stripe REST stand-in (tests/helpers/stripe-server.ts) to move the
 * PaymentIntent on, as Stripe's servers would after the card was charged. The app's code path is unchanged: it loads
 * Stripe.js with loadStripe from @stripe/stripe-js.
 */
import type { Page } from "playwright-core";
import type { StripeStandIn } from "../../helpers/stripe-server.ts";

/** Stripe's test card numbers: one that pays, one that is declined. */
export const TEST_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";

const STRIPE_JS = `(() => {
  const unsupported = (name) => () => Promise.reject(new Error(name + " is not part of the Stripe.js stand-in"));
  function Stripe(publishableKey) {
    if (typeof publishableKey !== "string" || !publishableKey) throw new Error("Stripe(): a publishable key is required");
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      createToken: unsupported("createToken"),
      createPaymentMethod: unsupported("createPaymentMethod"),
      confirmCardPayment: unsupported("confirmCardPayment"),
      elements(options) {
        let element = null;
        let input = null;
        return {
          __clientSecret: options && options.clientSecret,
          __card: () => (input ? input.value : ""),
          update() {},
          getElement: () => element,
          create(type) {
            if (type !== "payment") throw new Error("the stand-in only has the Payment Element");
            const handlers = {};
            let node = null;
            element = {
              on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
              off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return element; },
              update() {},
              mount(target) {
                node = typeof target === "string" ? document.querySelector(target) : target;
                const label = document.createElement("label");
                label.textContent = "Card number";
                input = document.createElement("input");
                input.autocomplete = "cc-number";
                input.style.cssText = "display:block;width:100%;margin-top:4px;padding:8px;border:1px solid #d4d4d8;border-radius:6px";
                label.append(input);
                node.replaceChildren(label);
                setTimeout(() => (handlers.ready || []).forEach((h) => h({ elementType: "payment" })));
              },
              unmount() { if (node) node.replaceChildren(); },
              destroy() { if (node) node.replaceChildren(); element = null; },
            };
            return element;
          },
        };
      },
      async confirmPayment({ elements, redirect }) {
        if (redirect !== "if_required") throw new Error("the stand-in cannot leave the page");
        return window.__stripeStandInConfirm(elements.__clientSecret, elements.__card());
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** Answers js.stripe.com with the stand-in for this page; confirmPayment charges the card on `stripe`. */
export async function useStripeJsStandIn(page: Page, stripe: StripeStandIn) {
  await page.exposeFunction("__stripeStandInConfirm", (clientSecret: string, card: string) => {
    const intentId = clientSecret.split("_secret_")[0] ?? "";
    const digits = card.replace(/\s/g, "");
    if (digits.length < 16) {
      return { error: { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } };
    }
    if (digits === DECLINED_CARD.replace(/\s/g, "")) {
      const intent = stripe.fail(intentId);
      return { error: { ...(intent.last_payment_error as object), payment_intent: intent } };
    }
    const intent = stripe.succeed(intentId);
    return { paymentIntent: { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency } };
  });
  await page.route("https://js.stripe.com/**", (route) => route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS }));
}
