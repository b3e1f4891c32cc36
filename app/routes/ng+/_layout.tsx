import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { getFixedT } from "~/lib/i18next.server";
import { deploymentSettings } from "~/lib/settings.server";

/**
 * /ng/: the parent of every page. It gives them the deployment's settings (000 §3.1), and the page names of the error
 * pages, for the title of a page whose loader failed (app/lib/settings.ts `errorPageTitle`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [settings, t] = await Promise.all([deploymentSettings(context), getFixedT(request)]);
  const errorTitles = {
    400: t("errors.pageTitles.badRequest"),
    403: t("errors.pageTitles.forbidden"),
    404: t("errors.pageTitles.notFound"),
    503: t("errors.pageTitles.unavailable"),
    other: t("errors.pageTitles.error"),
  };
  return { settings, errorTitles };
}

export default function NgLayout() {
  return <Outlet />;
}
