import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NotFoundView } from "~/components/ErrorView";
import { getAuth, loginUrl } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18next.server";
import { pageMeta, useSettings } from "~/lib/settings";

/**
 * Any /ng/ address no route claims: signed out, the user signs in first and comes back here (000 §2.3: any other
 * route, for an unauthenticated user); signed in, a real 404 page with status 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getAuth(request, context))) throw redirect(loginUrl(request));
  const t = await getFixedT(request);
  return data({ pageName: t("notFound.pageName") }, { status: 404 });
}

export default function NotFound() {
  const settings = useSettings();
  return <NotFoundView supportEmail={settings?.rbqmSupportEmail} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
