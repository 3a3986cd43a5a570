/**
 * Webhook signing secrets at rest: sealed with the instance key (AES-256-GCM, as the TOTP seeds), so a copy of the
 * database alone cannot sign deliveries. The stored form is `sealed1:<last four>:<base64(iv || tag || ciphertext)>`;
 * the last four characters are kept in clear for the masked view ("whsec_…abcd"), which then needs no key.
 *
 * Rows written before sealing hold the secret itself ("whsec_..."): they still sign until sealed, and
 * sealLegacyWebhookSecrets seals them when a server starts (the key lives in the app, not in SQL, so this is an
 * application step rather than a SQL migration; it is idempotent and safe to run from several processes).
 */
import { and, eq, like } from "drizzle-orm";
import { type DbOrTx, schema } from "../../data/db.ts";
import { decryptSecret, encryptSecret } from "../auth/instance-key.ts";

const PREFIX = "sealed1:";
const LEGACY_PREFIX = "whsec_";

export function sealWebhookSecret(key: Uint8Array, secret: string): string {
  return `${PREFIX}${secret.slice(-4)}:${encryptSecret(key, new TextEncoder().encode(secret))}`;
}

/** The secret that signs: opened from its sealed form, or a legacy clear secret as it is. */
export function openWebhookSecret(key: Uint8Array, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const sealed = stored.slice(stored.indexOf(":", PREFIX.length) + 1);
  return new TextDecoder().decode(decryptSecret(key, sealed));
}

/** The last four characters, for the masked view. */
export function webhookSecretTail(stored: string): string {
  return stored.startsWith(PREFIX) ? stored.slice(PREFIX.length, PREFIX.length + 4) : stored.slice(-4);
}

/** Seals every secret still stored in clear; answers how many were sealed. */
export async function sealLegacyWebhookSecrets(db: DbOrTx, key: Uint8Array): Promise<number> {
  const w = schema.webhooks;
  const legacy = await db
    .select({ id: w.id, secret: w.secret })
    .from(w)
    .where(like(w.secret, `${LEGACY_PREFIX}%`));
  let sealed = 0;
  for (const row of legacy) {
    // Conditional on the clear value, so a process that sealed it first is not overwritten.
    const updated = await db
      .update(w)
      .set({ secret: sealWebhookSecret(key, row.secret!) })
      .where(and(eq(w.id, row.id), eq(w.secret, row.secret!)))
      .returning({ id: w.id });
    sealed += updated.length;
  }
  return sealed;
}
