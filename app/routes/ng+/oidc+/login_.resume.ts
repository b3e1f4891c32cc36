import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "@server/contracts/headers";

/**
 * /ng/oidc/login/resume: declared by the spec (000 §2.1) without a behaviour. It continues an authorization request:
 * the same query, back at the authorization endpoint /ng/oidc/login, which checks it all again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/ng/oidc/login${search}`, { headers: NO_STORE });
}
