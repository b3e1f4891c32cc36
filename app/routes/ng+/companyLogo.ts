import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/lib/context.server";

/** /ng/companyLogo: the company logo for <img> tags, fetched through the API client (GET /api/v1/documents/companyLogo). */
const PASSED_HEADERS = ["content-type", "etag", "cache-control", "content-security-policy", "x-content-type-options", "content-length"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const result = await apiFor(context).documents.companyLogo(request.headers.get("if-none-match"));
  if (!result.ok) return new Response(null, { status: result.status === 0 ? 502 : result.status });
  const upstream = result.data;
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("vary", "Cookie");
  return new Response(upstream.body, { status: upstream.status, headers });
}
