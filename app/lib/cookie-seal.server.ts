import crypto from "node:crypto";

/**
 * The sealed values of the web app's cookies (docs/decisions/0013-web-session.md): JSON encrypted with AES-256-GCM,
 * base64url(iv | tag | ciphertext), under a key derived from the application secret for that cookie, with the
 * cookie's name as additional data, so a value cannot be read, altered or moved to another cookie. The names and
 * attributes of cookies are the contract's (server/contracts/cookies.ts); this is the web app's own.
 */

const keys = new Map<string, Buffer>();

/** The sealing key of one cookie, derived from the application secret with HKDF-SHA256 (once per process). */
function keyFor(secret: string, base: string): Buffer {
  const id = `${base}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "rbqm-web", base, 32));
    keys.set(id, key);
  }
  return key;
}

/** The value's JSON, sealed and bound to the cookie's name. */
export function sealCookieValue(secret: string, base: string, name: string, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(secret, base), iv);
  cipher.setAAD(Buffer.from(name));
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url");
}

/** The value of a sealed cookie, or null when it was altered, made with another secret, or moved from another cookie. */
export function unsealCookieValue<T>(secret: string, base: string, name: string, sealed: string): T | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    if (raw.length < 28) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(secret, base), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(name));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as T;
  } catch {
    return null;
  }
}
