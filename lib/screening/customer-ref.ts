/**
 * A customer reference: the key of the subject in the customer's own systems (a customer number, a case id), kept
 * beside a search (searches.customer_ref) so results and exports can be matched back to that system. Free text under
 * the shared text rule, one line, at most CUSTOMER_REF_MAX characters; blank means none. Only zod and the text rule:
 * the web bundle includes this file.
 */
import { z } from "zod";
import { text } from "../validation/text.ts";

export const CUSTOMER_REF_MAX = 100;

export const customerRefSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  text({ field: "customerRef", max: CUSTOMER_REF_MAX }).optional(),
);
