import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./config";

/**
 * The application secret. From APP_SECRET when set (required with DATABASE_URL, since every instance must share it);
 * otherwise, with the embedded database, generated once and kept in DATA_DIR/app-secret (mode 0600).
 */
export function resolveAppSecret(config: Pick<Config, "appSecret" | "dataDir">): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, "app-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString("base64url");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** A key for one purpose, derived from the application secret with HKDF-SHA256. */
export function deriveKey(appSecret: string, purpose: string, length = 32): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", appSecret, "rbqm", purpose, length));
}

/**
 * AES-256-GCM sealing of small secrets (keys at rest, cookie values): base64url(iv | tag | ciphertext). `aad`, when
 * given, is authenticated too: a sealed value then opens only with the same one (a cookie's name).
 */
export function seal(key: Buffer, plaintext: string, aad?: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad));
  const encrypted = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url");
}

/** Opens a sealed value; throws when it was altered, sealed with another key, or with other additional data. */
export function unseal(key: Buffer, sealed: string, aad?: string): string {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < 28) throw new Error("The sealed value is too short.");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
