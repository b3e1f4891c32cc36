import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

/**
 * /api/*: the product API, mounted in the Remix app. The request goes through the API transport unchanged:
 * in-process to the API's own router, or over HTTP to API_URL. The API authenticates and authorises it itself.
 */
function forward({ request, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set("x-request-id", context.requestId);
  return context.apiTransport(new Request(request, { headers, duplex: "half" } as RequestInit));
}

export const loader = forward;
export const action = forward;
