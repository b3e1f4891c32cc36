import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /.well-known/openid-configuration: the authorization server's metadata (OpenID Connect Discovery), served by the
 * service root (server/auth/authorization-http.ts). Forwarded unchanged through the API transport, as /api/* is.
 */
export function loader({ request, context }: LoaderFunctionArgs): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set("x-request-id", context.requestId);
  return context.apiTransport(new Request(request, { headers }));
}
