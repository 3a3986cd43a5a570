/**
 * What an API key may do, as a set of scopes (browser-safe: the app's key form and the CLI read the same list). A key
 * never does more than its owner may; the scopes only take away. "screen": start searches and batches (spends
 * credits). "read": read searches, batches, cases, monitoring and the lists. "review": decide hits and work cases.
 * "monitor": add, pause and remove monitored names. "admin": instance administration, for instance admins' keys only.
 */
import { z } from "zod";

export const API_KEY_SCOPES = ["screen", "read", "review", "monitor", "admin"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A key made without scopes: what keys could always do, apart from deciding hits (least privilege by default). */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ["screen", "read"];

export const isApiKeyScope = (value: string): value is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(value);

/** One scope in a request: an unknown one is a 400 that lists the known ones. */
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: `Unknown scope: scopes are ${API_KEY_SCOPES.join(", ")}` });

/** The refusal of a call outside a key's scopes: it names the scope, so the key's owner knows what to grant. */
export const missingScopeMessage = (scope: ApiKeyScope) =>
  `This API key does not have the ${scope} scope: create a key with the ${scope} scope under API Access to make this call`;

/** Scopes in a stable order (the list's), without repeats. */
export const orderedScopes = (scopes: Iterable<string>): ApiKeyScope[] => {
  const given = new Set(scopes);
  return API_KEY_SCOPES.filter((scope) => given.has(scope));
};
