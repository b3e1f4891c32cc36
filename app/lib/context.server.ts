import type { Logger } from "@server/observability/logger";
import type { WebRefusal } from "@server/web/guards";
import { createApiClient } from "./api/client.server";
import type { ApiTransport } from "./api/transport.server";

/** What the Node server hands every loader and action (server/main.ts builds it per request). */
export interface WebContext {
  apiTransport: ApiTransport;
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

/** The API client for this request, acting as the given user (or anonymously). */
export function apiFor(context: WebContext, accessToken?: string | null) {
  return createApiClient({
    transport: context.apiTransport,
    accessToken,
    requestId: context.requestId,
    hints: { authentications: context.apiAuthentications },
  });
}
