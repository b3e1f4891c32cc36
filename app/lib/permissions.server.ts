import { redirect } from "@remix-run/node";
import type { ApiClient } from "./api/client.server";
import type { WebContext } from "./context.server";
import { getFixedT } from "./i18next.server";
import { appLinks } from "./links";

/**
 * One batched permission check per request (000 §6, §7 POST /auth/permissions/check).
 *
 * Every loader of a request asks for the addresses it needs; the questions are collected and sent to the API as one
 * call. Remix starts all loaders of a request in the same turn of the event loop, so the batch is sent one macrotask
 * later (setImmediate), after every loader has asked. Questions that can only be asked later (the study list's
 * entry links, once the list is known) go in a later batch. Answers are kept for the rest of the request. The API is
 * the judge; nothing here decides access itself.
 */
export interface PermissionBatch {
  /** Asks about addresses; resolves with the allowed ones among them once the batch has been answered. */
  check(addresses: readonly string[]): Promise<PermissionMap>;
  /**
   * Answers the API gave in another call of this request (the shell call, ADR 0062): kept as the batch's own. Until
   * they arrive the batch waits for them before it asks about the rest; if that call fails, it asks as before.
   */
  learn(answers: Promise<PermissionMap | null>): void;
}

export type PermissionMap = ReadonlyMap<string, boolean>;

interface BatchState {
  api: ApiClient | null;
  known: Map<string, boolean>;
  queued: Set<string>;
  waiters: { addresses: readonly string[]; resolve: (map: PermissionMap) => void; reject: (error: unknown) => void }[];
  scheduled: boolean;
  /** Answers on their way from another call, awaited before the next batch is sent. */
  learning: Promise<void>[];
  inFlight: Promise<void> | null;
  calls: number;
}

const MEMO_KEY = "permissions:batch";

/**
 * The request's batch. `api` is the signed-in user's client; the first one given is used for the batch.
 */
export function permissionBatch(context: Pick<WebContext, "memo">, api?: ApiClient): PermissionBatch {
  const s = stateOf(context);
  if (api && !s.api) s.api = api;

  const schedule = () => {
    if (s.scheduled) return;
    s.scheduled = true;
    setImmediate(() => {
      s.scheduled = false;
      void flush();
    });
  };

  const settle = () => settleWaiters(s);

  const flush = async (): Promise<void> => {
    if (s.inFlight) return;
    if (s.queued.size === 0 && s.learning.length === 0) {
      settle();
      return;
    }
    s.inFlight = (async () => {
      while (s.learning.length > 0) {
        const learning = s.learning;
        s.learning = [];
        await Promise.all(learning);
      }
      for (const address of s.queued) if (s.known.has(address)) s.queued.delete(address);
      settle();
      if (s.queued.size === 0) return;
      const addresses = [...s.queued];
      s.queued.clear();
      s.calls += 1;
      await ask(s, addresses);
      settle();
    })()
      .catch((error: unknown) => {
        for (const waiter of s.waiters) waiter.reject(error);
        s.waiters = [];
      })
      .finally(() => {
        s.inFlight = null;
        if (s.queued.size > 0 || s.learning.length > 0) schedule();
      });
    await s.inFlight;
  };

  return {
    learn(answers) {
      const learnt = answers.then(
        (map) => {
          if (map) for (const [address, allowed] of map) if (!s.known.has(address)) s.known.set(address, allowed);
        },
        () => undefined,
      );
      s.learning.push(learnt);
      schedule();
    },
    check(addresses) {
      if (addresses.every((address) => s.known.has(address))) {
        return Promise.resolve(new Map(addresses.map((address) => [address, s.known.get(address) === true])));
      }
      return new Promise<PermissionMap>((resolve, reject) => {
        s.waiters.push({ addresses, resolve, reject });
        for (const address of addresses) if (!s.known.has(address)) s.queued.add(address);
        schedule();
      });
    },
  };
}

/** The request's batch state, made on first use. */
function stateOf(context: Pick<WebContext, "memo">): BatchState {
  let state = context.memo.get(MEMO_KEY) as BatchState | undefined;
  if (!state) {
    state = {
      api: null,
      known: new Map(),
      queued: new Set(),
      waiters: [],
      scheduled: false,
      learning: [],
      inFlight: null,
      calls: 0,
    };
    context.memo.set(MEMO_KEY, state);
  }
  return state;
}

/** Answers every waiter whose addresses are all known. */
function settleWaiters(s: BatchState): void {
  const remaining: BatchState["waiters"] = [];
  for (const waiter of s.waiters) {
    if (waiter.addresses.every((address) => s.known.has(address))) {
      waiter.resolve(new Map(waiter.addresses.map((address) => [address, s.known.get(address) === true])));
    } else remaining.push(waiter);
  }
  s.waiters = remaining;
}

/** Sends one batch; a failed batch fails the waiters that asked about any of its addresses. */
async function ask(s: BatchState, addresses: string[]): Promise<void> {
  if (!s.api) throw new Error("The permission batch has no API client.");
  const result = await s.api.permissions.check(addresses);
  if (!result.ok) {
    const error = new Error(`The permission check failed: ${result.error.code} ${result.error.detail}`);
    const failed = s.waiters.filter((waiter) => waiter.addresses.some((address) => addresses.includes(address)));
    s.waiters = s.waiters.filter((waiter) => !failed.includes(waiter));
    for (const waiter of failed) waiter.reject(error);
    return;
  }
  const answers = new Map(
    result.data.permissionCheckResults.map((entry) => [entry.request.url, entry.result === "Allow"]),
  );
  for (const address of addresses) s.known.set(address, answers.get(address) === true);
}

/** How many permission calls this request made (for tests and logs). */
export function permissionCallsOf(context: Pick<WebContext, "memo">): number {
  return (context.memo.get(MEMO_KEY) as BatchState | undefined)?.calls ?? 0;
}

/**
 * The page's own permission: denied → /ng/error with "You lack the permissions to view this page." (000 §2.3, §8).
 * `any` makes any one of the addresses suffice (000 §6).
 */
export async function requirePermission(
  request: Request,
  batch: Pick<PermissionBatch, "check">,
  addresses: readonly string[],
  options: { any?: boolean } = {},
): Promise<PermissionMap> {
  const map = await batch.check(addresses);
  const allowed = options.any ? addresses.some((a) => map.get(a)) : addresses.every((a) => map.get(a));
  if (!allowed) {
    const t = await getFixedT(request);
    throw redirect(appLinks.error(t("permissions.denied")));
  }
  return map;
}
