import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "@server/contracts/headers";
import { passImage } from "~/lib/api/forward.server";
import { getAuth, userApi } from "~/lib/auth.server";
import { apiFor } from "~/lib/context.server";

/**
 * /ng/companyLogo: the logo for <img> tags (GET /api/v1/documents/companyLogo). Browsers keep images by address, so
 * the address says whose logo it is (appLinks.companyLogo):
 *  - /ng/companyLogo: the product logo, for whoever asks;
 *  - /ng/companyLogo?user={id}: the signed-in user's company logo. An address that names anyone but the signed-in
 *    user is answered as the API answers the caller, and never kept.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = new URL(request.url).searchParams.get("user");
  const ifNoneMatch = request.headers.get("if-none-match");
  if (!user) return passImage(await apiFor(context).documents.companyLogo(ifNoneMatch));
  const session = await getAuth(request, context);
  const own = session?.user.id === user;
  const api = session ? userApi(request, context, session) : apiFor(context);
  const answer = passImage(await api.documents.companyLogo(own ? ifNoneMatch : null));
  if (!own) for (const [name, value] of Object.entries(NO_STORE)) answer.headers.set(name, value);
  return answer;
}
