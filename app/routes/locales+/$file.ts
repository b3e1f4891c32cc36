import crypto from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "@server/contracts/headers";
import { isLocale } from "~/lib/i18n";
import { resources } from "~/lib/i18next.server";

/** GET /locales/{locale}.json: the messages of one locale (000 §7); 404 for any other name. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const match = /^([A-Za-z-]{1,16})\.json$/.exec(params.file ?? "");
  const locale = match?.[1];
  if (!locale || !isLocale(locale)) {
    return new Response(JSON.stringify({ title: "NotFound", detail: `locale ${locale ?? params.file} not found` }), {
      status: 404,
      headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE },
    });
  }
  const body = JSON.stringify(resources[locale].translation);
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300", etag };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
