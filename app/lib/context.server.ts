import type { Logger } from "@server/observability/logger";
import type { WebRefusal } from "@server/web/guards";
import { createApiClient, type ApiClient } from "./api/client.server";
import type { ApiInvoke, ApiTransport } from "./api/transport.server";

/** What the Node server hands every loader and action (server/main.ts builds it per request). */
export interface WebContext {
  apiTransport: ApiTransport;
  /** The API in the same process, called without HTTP objects; absent when the API is elsewhere (ROLE=web). */
  apiInvoke?: ApiInvoke;
  requestId: string;
  cspNonce: string;
  logger: Logger;
  web: {
    publicUrl: string;
    isProduction: boolean;
    /** The application secret; the web app derives its cookie keys from it (app/lib/session.server.ts). */
    sessionSecret: string;
  };
  /** Set-Cookie headers queued during the request, by cookie name; server/main.ts adds them to the response. */
  responseCookies: Map<string, string>;
  /** Values of cookies written during the request, so later reads in the same request see them. */
  pendingValues: Map<string, unknown>;
  /** Per-request memo of the signed-in state (app/lib/auth.server.ts). */
  memo: Map<string, unknown>;
  /** Set when the request was refused before reaching the app (server/web/guards.ts): the page explains it. */
  refusal?: WebRefusal;
  /** The API's authentications of this request, handed to an in-process API (app/lib/api/transport.server.ts). */
  apiAuthentications: Map<string, Promise<unknown>>;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the module augmentation must be an interface
  interface AppLoadContext extends WebContext {}
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The API anonymously, for this request: the sign-in flows and public pages, whose calls must not carry the caller's
 * sign-in. Built once per request; the signed-in user's client is the request's own (app/lib/auth.server.ts
 * `requestApi`).
 */
export function apiFor(context: WebContext): ApiClient {
  const kept = context.memo.get("api.anonymous") as ApiClient | undefined;
  if (kept) return kept;
  const api = createApiClient({
    transport: context.apiTransport,
    invoke: context.apiInvoke,
    requestId: context.requestId,
    hints: { authentications: context.apiAuthentications },
  });
  context.memo.set("api.anonymous", api);
  return api;
}
