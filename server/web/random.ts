import crypto from "node:crypto";

/**
 * Random bytes for per-request values (CSP nonces), taken from a pool refilled 4 KB at a time: one call into the
 * system's generator per 256 nonces instead of one per request (the same idea as crypto.randomUUID's own buffer).
 * The bytes are as random as crypto.randomBytes'; each is handed out once.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_SIZE) return crypto.randomBytes(size);
  if (offset + size > pool.length) {
    pool = crypto.randomBytes(POOL_SIZE);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size);
  offset += size;
  return out;
}
