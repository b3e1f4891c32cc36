import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/shell/AppShell";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta, STUDY_LAYOUT_ROUTE_ID } from "~/lib/settings";
import { shellHeader, type StudyShell } from "~/lib/shell";
// A path of its own, not "~/lib/…": the browser's empty stub of a `.server` module is one per spelling, and one that
// several routes spell alike is a chunk of its own on every page (ADR 0059); spelt so, it is inlined in this route.
import { loadCompanyShell } from "../../../../lib/layouts.server";

/** /ng/companies/:companyId: the company level of the shell (000 §2.3, §2.6). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadCompanyShell(
    request,
    context,
    companyIdParam(params),
    params.studyName === undefined ? undefined : studyNameParam(params),
  );
}

export default function CompanyLayout() {
  const shell = useLoaderData<typeof loader>();
  const studyShell = useRouteLoaderData<StudyShell>(STUDY_LAYOUT_ROUTE_ID);
  return (
    <AppShell header={shellHeader(shell, studyShell)}>
      <Outlet />
    </AppShell>
  );
}

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args);
