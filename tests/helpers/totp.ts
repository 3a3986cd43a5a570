import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { totpCodeAt } from "../../lib/auth/totp.ts";

/** What an authenticator app shows for this secret now (or at another moment). */
export function totpCode(secretBase32: string, at = Date.now()): string {
  return totpCodeAt(decodeBase32IgnorePadding(secretBase32), at / 1000);
}
