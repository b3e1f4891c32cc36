import crypto from "node:crypto";
import { getCompanyLogo } from "../companies/service";
import { documentCalls } from "../contracts/calls/documents";
import { defineRoute } from "../http/route";
import { PRODUCT_LOGO_SVG, PRODUCT_MARK_SVG } from "./product-logo";

export const documentRoutes = [
  defineRoute({
    call: documentCalls.companyLogo,
    // Shown on pages that need no sign-in (the error page): signed out, the product logo answers.
    access: "public",
    handler: async ({ db, principal, request }) => {
      const logo = principal ? await getCompanyLogo(db, principal.homeCompanyId) : null;
      // Signed in, the header names the product beside the logo: the fallback is the mark alone.
      const data = logo?.data ?? Buffer.from(principal ? PRODUCT_MARK_SVG : PRODUCT_LOGO_SVG, "utf8");
      const contentType = logo?.contentType ?? "image/svg+xml";
      return imageResponse(request, data, contentType);
    },
  }),
];

/** An image with an ETag, revalidated by the browser; SVG is sandboxed so it can never run script. */
export function imageResponse(request: Request, data: Buffer, contentType: string): Response {
  const etag = `"${crypto.createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "content-type": contentType,
    etag,
    "cache-control": "private, max-age=300",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    vary: "Authorization",
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  headers.set("content-length", String(data.byteLength));
  return new Response(new Uint8Array(data), { status: 200, headers });
}
