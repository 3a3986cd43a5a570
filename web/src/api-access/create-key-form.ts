/**
 * The create-key form's values and their rules: the request's own (createApiKeySchema: the name, each scope one of
 * the known ones) and what only a person filling in the form can get wrong, said in the form's words. In the form the
 * scopes are never left out (the boxes start at the defaults), so an empty choice is a mistake; the expiry comes from
 * a date box, as a day that has not begun yet and at most MAX_KEY_LIFETIME_DAYS away (the server's limits).
 */
import { z } from "zod";
import { type CreateApiKeyRequest, createApiKeySchema, MAX_KEY_LIFETIME_DAYS } from "../../../lib/auth/api-key-schema.ts";
import { API_KEY_SCOPES, type ApiKeyScope, apiKeyScopeSchema, DEFAULT_API_KEY_SCOPES } from "../../../lib/auth/api-key-scopes.ts";
import { isReadOnly } from "../../../lib/auth/roles.ts";

/** A day as the date box gives it (YYYY-MM-DD), in the browser's time zone. */
const day = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;

/** The first day a key may expire on (tomorrow: a key that ends today is of no use) and the last (the server's limit). */
export function expiryRange(now = new Date()) {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate() + MAX_KEY_LIFETIME_DAYS - 1);
  return { min: day(first), max: day(last) };
}

export const createKeyFormSchema = createApiKeySchema.extend({
  scopes: z.array(apiKeyScopeSchema).min(1, "apiAccess.scopesRequired"),
  /** Empty: the key never expires. */
  expiresAt: z
    .string()
    .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "apiAccess.expiryInvalid")
    .refine((value) => value === "" || value >= expiryRange().min, "apiAccess.expiryPast")
    .refine((value) => value === "" || value <= expiryRange().max, "apiAccess.expiryTooFar"),
});
export type CreateKeyFormValues = z.input<typeof createKeyFormSchema>;

/**
 * The request: the key stops working when its day begins in the browser's time zone, so the list shows it expiring
 * on the very day chosen.
 */
export const toCreateRequest = ({ name, scopes, expiresAt }: z.output<typeof createKeyFormSchema>): CreateApiKeyRequest => ({
  name,
  scopes,
  expiresAt: expiresAt ? new Date(`${expiresAt}T00:00:00`).toISOString() : null,
});

type Owner = Parameters<typeof isReadOnly>[0];

/**
 * The scopes a person may give their key, as the server grants them: a read-only account only read, admin only to an
 * instance admin. And the boxes checked at first: the server's defaults (read alone for a read-only account).
 */
export function scopeChoices(owner: Owner | null): { offered: readonly ApiKeyScope[]; checked: ApiKeyScope[] } {
  if (owner && isReadOnly(owner)) return { offered: ["read"], checked: ["read"] };
  const offered = API_KEY_SCOPES.filter((scope) => scope !== "admin" || owner?.role === "admin");
  return { offered, checked: [...DEFAULT_API_KEY_SCOPES] };
}
