import { loadPasswordCost } from "./password-cost.ts";

/** An argon2id hash at the configured cost (see password-cost.ts); the hash names its cost for verifying. */
export function hashPassword(password: string): Promise<string> {
  const cost = loadPasswordCost();
  return Bun.password.hash(password, { algorithm: "argon2id", memoryCost: cost.memoryKib, timeCost: cost.timeCost });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy password for timing");
  await Bun.password.verify(password, await dummyHash);
  return false;
}
