import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

/**
 * Hands a browser's request to the product API's service unchanged (in-process or over HTTP to API_URL), for the
 * server's own addresses outside /api: /login-saml, /saml/acs, /saml/metadata. The service decides everything.
 */
export function forwardToApi({ request, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set("x-request-id", context.requestId);
  return context.apiTransport(new Request(request, { headers, duplex: "half" } as RequestInit));
}
