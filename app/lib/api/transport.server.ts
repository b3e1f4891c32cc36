import type { InProcessAnswer, InProcessCall } from "@server/contracts/in-process";
/**
 * How the web app reaches the product API: one function from Request to Response.
 *  - in-process (the default): the API's own fetch handler, no network in between;
 *  - over HTTP (API_URL set): the same request sent to the API service elsewhere.
 * The typed client and the /api proxy route use a transport and nothing else.
 */
export type ApiTransport = (request: Request, hints?: TransportHints) => Promise<Response>;

/**
 * What an in-process call may carry beside the request: the authentications of the current web request, so the
 * API verifies the token and loads the caller once per page (docs/decisions/0021-fast-pages.md). The API still
 * authenticates and authorises every call; over HTTP hints are not sent and each call authenticates itself.
 */
export interface TransportHints {
  authentications?: Map<string, Promise<unknown>>;
}

/** A call to the API in the same process, and its answer: one shape for both sides (server/contracts/in-process.ts). */
export type { InProcessAnswer, InProcessCall } from "@server/contracts/in-process";

/** The API's in-process entry; absent when the API is elsewhere (API_URL, ROLE=web). */
export type ApiInvoke = (call: InProcessCall, hints?: TransportHints) => Promise<InProcessAnswer>;

/** Origin of requests the client builds; a transport only reads their path and query. */
export const INTERNAL_API_ORIGIN = "http://api.internal";

const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "host",
  "content-length",
];

export function createHttpTransport(apiUrl: string, fetchImpl: typeof fetch = fetch): ApiTransport {
  const base = new URL(apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`);
  return async (request) => {
    const incoming = new URL(request.url);
    const target = new URL(`${incoming.pathname.replace(/^\//, "")}${incoming.search}`, base);
    const headers = new Headers(request.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const response = await fetchImpl(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      signal: request.signal,
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
    // fetch has already decoded the body; the length and encoding headers no longer describe it.
    const out = new Headers(response.headers);
    out.delete("content-encoding");
    out.delete("content-length");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
  };
}
