import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ApiResult } from "./client.server";

/**
 * Hands a browser's request to the product API's service unchanged (in-process or over HTTP to API_URL), for the
 * server's own addresses outside /api: /login-saml, /saml/acs, /saml/metadata. The service decides everything.
 */
export function forwardToApi({ request, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set("x-request-id", context.requestId);
  return context.apiTransport(new Request(request, { headers, duplex: "half" } as RequestInit));
}

const PASSED_IMAGE_HEADERS = [
  "content-type",
  "etag",
  "cache-control",
  "content-security-policy",
  "x-content-type-options",
  "content-length",
];

/** An image answered by the API (logo, profile picture), passed on with its caching and safety headers. */
export function passImage(result: ApiResult<Response>): Response {
  if (!result.ok) return new Response(null, { status: result.status === 0 ? 502 : result.status });
  const upstream = result.data;
  const headers = new Headers();
  for (const name of PASSED_IMAGE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("vary", "Cookie");
  return new Response(upstream.body, { status: upstream.status, headers });
}
