/**
 * API keys: the requests of /api/user/api-keys and their answers, validated at the edge (server, CLI) and by the
 * web's form. Only zod and browser-safe rules are imported: the web bundle includes this file.
 */
import { z } from "zod";
import { text } from "../validation/text.ts";
import { API_KEY_SCOPES, apiKeyScopeSchema } from "./api-key-scopes.ts";

/** How long a rotated key keeps working beside its replacement, in hours, unless the rotation says otherwise. */
export const ROTATION_GRACE_HOURS = { default: 24, max: 168 } as const;
/** The latest expiry a key may be given: two years, so no key is forgotten for ever by its date alone. */
export const MAX_KEY_LIFETIME_DAYS = 730;

const scopes = z
  .array(apiKeyScopeSchema, { error: `scopes must be a list among ${API_KEY_SCOPES.join(", ")}` })
  .min(1, "scopes must name at least one scope, or be left out for screen and read")
  .max(API_KEY_SCOPES.length * 2, "scopes lists each scope once");

/** An expiry as an ISO date or date-time, in the future and at most MAX_KEY_LIFETIME_DAYS away (checked on use). */
const expiresAt = z.iso
  .datetime({ offset: true, error: "expiresAt must be an ISO 8601 date-time, such as 2027-06-30T00:00:00Z" })
  .or(z.iso.date({ error: "expiresAt must be an ISO 8601 date-time or date, such as 2027-06-30" }));

export const createApiKeySchema = z.object({
  name: text({
    field: "Name",
    max: 100,
    required: "Please enter a name for your API key.",
    tooLong: "The name can have at most 100 characters.",
  }).min(1, "Please enter a name for your API key."),
  scopes: scopes.optional(),
  expiresAt: expiresAt.nullish(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

/** POST /api/user/api-keys/{id}/rotate: how long the old secret keeps working (0: not at all). */
export const rotateApiKeySchema = z.object({
  graceHours: z
    .number({ error: "graceHours must be a number of hours" })
    .int("graceHours must be a whole number of hours")
    .min(0, "graceHours cannot be negative")
    .max(ROTATION_GRACE_HOURS.max, `graceHours can be at most ${ROTATION_GRACE_HOURS.max} (a week)`)
    .default(ROTATION_GRACE_HOURS.default),
});

/** Who made it; the name is null when the account is gone. */
const madeBy = z.object({ id: z.string(), name: z.string().nullable() });

/** One key as its list shows it: never the secret, only its first characters. */
export const apiKeyListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The member it authenticates as: the caller, or for the organisation's owners and admins any member. */
  createdBy: madeBy,
  /** Masked: the first characters only. */
  key: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Set once it was rotated: the key that replaced it; it works until expiresAt. */
  replacedById: z.string().nullable(),
  lastUsed: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  usageCount: z.number().int(),
});
export type ApiKeyListItem = z.output<typeof apiKeyListItemSchema>;

/** The only answer that carries the key in full (creation and rotation). */
export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;
