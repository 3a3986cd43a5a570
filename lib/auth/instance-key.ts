import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

/**
 * The key that encrypts stored secrets (TOTP seeds). From DUECHECK_SECRET when set; otherwise generated once
 * and kept in the data folder (mode 0600). Every process of one install must see the same key.
 */
export function loadInstanceKey(options: { secret?: string; dataDir: string }): Uint8Array {
  if (options.secret) return sha256(new TextEncoder().encode(options.secret));
  const path = join(options.dataDir, "secret.key");
  if (existsSync(path)) return decodeBase64(readFileSync(path, "utf8").trim());
  mkdirSync(options.dataDir, { recursive: true });
  const key = crypto.getRandomValues(new Uint8Array(32));
  try {
    writeFileSync(path, encodeBase64(key), { mode: 0o600, flag: "wx" });
    chmodSync(path, 0o600);
    return key;
  } catch {
    // Another process created it first.
    return decodeBase64(readFileSync(path, "utf8").trim());
  }
}

/** AES-256-GCM; the stored form is base64(iv || tag || ciphertext). */
export function encryptSecret(key: Uint8Array, plaintext: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

export function decryptSecret(key: Uint8Array, stored: string): Uint8Array {
  const bytes = Buffer.from(stored, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]));
}
