import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/shell/AppShell";
import { loadCompanyShell } from "~/lib/shell.server";
import type { StudyShell } from "~/lib/shell";
import { STUDY_LAYOUT_ROUTE_ID } from "~/lib/settings";

/** /ng/companies/:companyId: the company level of the shell (000 §2.3, §2.6). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadCompanyShell(request, context, params.companyId!, params.studyName);
}

export default function CompanyLayout() {
  const shell = useLoaderData<typeof loader>();
  const studyShell = useRouteLoaderData<StudyShell>(STUDY_LAYOUT_ROUTE_ID);
  const nav = studyShell?.nav ?? shell.nav;
  return (
    <AppShell
      header={{
        companyId: shell.company.id,
        nav,
        user: shell.user,
        notificationCount: studyShell?.notificationCount ?? shell.notificationCount,
        studies: shell.studies,
        study: studyShell?.study ?? null,
      }}
    >
      <Outlet />
    </AppShell>
  );
}
