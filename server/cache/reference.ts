/**
 * A process-level cache of reference data (companies, studies, grants), keyed by the "reference" epoch that the
 * database moves on with every change to that data (migration 0004, docs/decisions/0021-fast-pages.md).
 *
 * Every signed-in call reads the current epoch together with the caller (one query, server/auth/principal.ts); a
 * cached value is used only while it was loaded at that very epoch, so a change committed by any instance is seen
 * by the next call of every instance. Failed loads are not kept. The cache holds at most `maxEntries` keys and drops
 * the oldest first.
 */
export interface ReferenceCache {
  get<T>(key: string, epoch: number, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createReferenceCache(maxEntries = 10_000): ReferenceCache {
  const entries = new Map<string, { epoch: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, epoch: number, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.epoch === epoch) return hit.value as Promise<T>;
      // Promise.resolve settles a thenable once: a drizzle query (which runs again on every await) is cached as its result.
      const value = Promise.resolve(load());
      entries.delete(key);
      entries.set(key, { epoch, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
