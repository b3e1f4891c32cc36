import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
// A path of its own, not "~/lib/…": the browser's empty stub of a `.server` module is one per spelling, and one that
// several routes spell alike is a chunk of its own on every page (ADR 0059); spelt so, it is inlined in this route.
import { deploymentSettings, getFixedT } from "../../lib/layouts.server";

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
