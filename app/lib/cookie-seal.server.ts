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

/**
 * The plain JSON of values unsealed lately, by key, cookie name and sealed value (ADR 0057): a browser sends the same
 * sealed value on every request until the cookie is written again, and AES-GCM's decipher (its context, the tag
 * check) was a steady share of every signed-in request's CPU. The entry is the text the authenticated decryption
 * gave for exactly these bytes under exactly this key, so it cannot go stale; a value that fails is never kept.
 * The value is parsed afresh for each caller (no shared object). Bounded: the oldest entry goes first.
 */
const unsealed = new Map<string, string>();
const UNSEALED_KEPT = 1000;

function decipherText(key: Buffer, name: string, sealed: string): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < 28) return null;
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** The value of a sealed cookie, or null when it was altered, made with another secret, or moved from another cookie. */
export function unsealCookieValue<T>(secret: string, base: string, name: string, sealed: string): T | null {
  try {
    // The key is derived from the secret and the base alone: the id names the key, the cookie and the value.
    const id = `${base}\u0000${secret}\u0000${name}\u0000${sealed}`;
    let text = unsealed.get(id);
    if (text === undefined) {
      const plain = decipherText(keyFor(secret, base), name, sealed);
      if (plain === null) return null;
      text = plain;
      if (unsealed.size >= UNSEALED_KEPT) unsealed.delete(unsealed.keys().next().value as string);
      unsealed.set(id, text);
    }
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
