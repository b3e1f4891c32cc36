import type { PGlite } from "@electric-sql/pglite";

/**
 * What the embedded database has run since a moment (ADR 0068): a generation counted up around every statement and
 * transaction, but for the statements registered as reading only. PGlite is one process's database (the service
 * refuses a data directory another process holds) and every statement of this process passes through its client, so
 * a value read when the generation was g is still what the database holds while the generation is g. PostgreSQL has
 * other writers (instances, operators): it has no tracker.
 */
export interface ChangeTracker {
  /** Changes, by one or more, whenever anything not registered below was started or has ended. */
  readonly generation: number;
  /** Statements (their SQL text) that only read: running them does not move the generation. */
  readonly readOnly: Set<string>;
}

type Method = "query" | "exec" | "transaction";

const trackers = new WeakMap<object, ChangeTracker>();

/**
 * Counts on `client` (its `query`, `exec` and `transaction`; the named statements of ./pglite-statements.ts are served
 * through `query`): before each call starts and after it ends, so that a read made while another statement was under
 * way is not taken for current. Once per client.
 */
export function trackChanges(client: PGlite): ChangeTracker {
  const known = trackers.get(client);
  if (known) return known;
  const readOnly = new Set<string>();
  let generation = 0;
  const tracker: ChangeTracker = {
    get generation() {
      return generation;
    },
    readOnly,
  };
  const wrap = (method: Method) => {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    const counted = async (...args: unknown[]) => {
      if (method === "query" && readOnly.has(args[0] as string)) return original(...args);
      generation += 1;
      try {
        return await original(...args);
      } finally {
        generation += 1;
      }
    };
    Object.defineProperty(client, method, { value: counted, configurable: true, writable: true });
  };
  wrap("query");
  wrap("exec");
  wrap("transaction");
  trackers.set(client, tracker);
  return tracker;
}

/** The tracker of a database handle (or of its client), when it has one: the embedded database's. */
export function changesOf(handle: object): ChangeTracker | undefined {
  return trackers.get(handle);
}

/** Makes a handle over a tracked client (the drizzle database) answer for it too. */
export function shareTracker(handle: object, tracker: ChangeTracker): void {
  trackers.set(handle, tracker);
}
