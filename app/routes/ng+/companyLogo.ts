import type { LoaderFunctionArgs } from "@remix-run/node";
import { passImage } from "~/lib/api/forward.server";
import { getAuth, userApi } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";

/**
 * /ng/companyLogo: the company logo for <img> tags (GET /api/v1/documents/companyLogo): the signed-in user's
 * company's logo, the product logo when signed out.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getAuth(request, context);
  const api = session ? userApi(request, context, session) : apiFor(context);
  return passImage(await api.documents.companyLogo(request.headers.get("if-none-match")));
}
