import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP ASVS 5.0's minimum: 19 MiB of memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashes computed at once, at most. argon2 runs on libuv's thread pool (4 threads), which every request also
 * needs: the API's token checks (WebCrypto), file reads. A wave of sign-ins used to fill all four threads for seconds,
 * and every page waited behind them (the soak's first minute, issue 26); with two, the others stay free. Sign-ins are
 * bound by the CPU anyway, so they finish no later on a machine of two or four cores.
 */
export const ARGON2_AT_ONCE = 2;

/** Runs at most `limit` of the tasks given to it at once; the others wait their turn, in order. */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const argon2Turn = concurrencyLimit(ARGON2_AT_ONCE);

export function hashPassword(password: string): Promise<string> {
  return argon2Turn(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Turn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
