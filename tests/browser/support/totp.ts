import { totpCode } from "../../helpers/totp.ts";

const PERIOD_MS = 30_000;

/**
 * The code of the time step `offset` steps from now. The server accepts the previous, current and next step
 * but each step only once, so a second sign-in inside the same 30 s uses the next step instead of waiting.
 */
export function totpCodeForStep(secretBase32: string, offset: number): string {
  return totpCode(secretBase32, Date.now() + offset * PERIOD_MS);
}

/** A 6-digit code that is none of the codes the server would accept around now. */
export function wrongTotpCode(secretBase32: string): string {
  const accepted = new Set([-1, 0, 1, 2].map((offset) => totpCodeForStep(secretBase32, offset)));
  for (let n = 0; ; n++) {
    const candidate = String((n * 111_111) % 1_000_000).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}
