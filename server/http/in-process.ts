import type { AuthenticationMemo } from "../auth/principal";
import type { InProcessAnswer, InProcessCall } from "../contracts/in-process";
import type { ServiceDeps } from "../deps";
import { currentRequestId } from "../observability/logger";
import {
  authenticationOf,
  DEFAULT_MAX_BODY_BYTES,
  parseJsonText,
  runCall,
  tooLarge,
  type ApiPorts,
  type Call,
} from "./api";
import type { RouteDefinition } from "./route";

/** A call of the web app in the same process, and its answer (server/contracts/in-process.ts). */
type DirectCall = InProcessCall;
type DirectAnswer = InProcessAnswer;

export type DirectInvoke = (
  call: DirectCall,
  hints?: { authentications?: AuthenticationMemo },
) => Promise<DirectAnswer>;

/** The in-process entry of the pipeline: routes found by their definition, not by matching a URL. */
export function createDirectInvoke(
  deps: ServiceDeps,
  routes: readonly RouteDefinition[],
  ports: ApiPorts,
  /** The HTTP entry, for a call no route of the table defines (answered as over HTTP: 404). */
  overHttp: (request: Request, hints?: { authentications?: AuthenticationMemo }) => Promise<Response>,
): DirectInvoke {
  const authentication = authenticationOf(deps, routes);
  const byCall = new Map<string, RouteDefinition>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (!byCall.has(key)) byCall.set(key, route);
  }
  return async (direct, hints) => {
    const route = byCall.get(`${direct.method} ${direct.path}`);
    // Not a route of this API (a call of the classic product): answered as over HTTP.
    if (!route) return overHttp(direct.request(), hints);
    const call: Call = {
      deps,
      ports,
      route,
      pathname: direct.pathname,
      query: new URLSearchParams(),
      params: { ...direct.params },
      authorization: direct.authorization ?? null,
      request: direct.request,
      readBody: async () => bodyOf(direct.body, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
    };
    const output = await runCall(call, authentication, hints?.authentications, currentRequestId());
    if (output instanceof Response) return output;
    return { status: 200, data: output === undefined ? null : JSON.parse(JSON.stringify(output)) };
  };
}

/**
 * The body as the HTTP path reads it: a value goes through JSON text (the same limit, depth check and parse), form
 * fields become an object (the last value of a name wins), nothing is {}.
 */
function bodyOf(body: unknown, maxBytes: number): unknown {
  if (body === undefined) return {};
  if (body instanceof FormData) {
    const out: Record<string, unknown> = {};
    let size = 0;
    for (const [key, value] of body.entries()) {
      size += Buffer.byteLength(key) + Buffer.byteLength(String(value));
      out[key] = value;
    }
    if (size > maxBytes) throw tooLarge(maxBytes);
    return out;
  }
  const text = JSON.stringify(body);
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge(maxBytes);
  return text.trim() === "" ? {} : parseJsonText(text);
}
