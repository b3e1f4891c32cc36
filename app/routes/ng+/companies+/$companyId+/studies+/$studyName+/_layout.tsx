import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";
// A path of its own, not "~/lib/…": the browser's empty stub of a `.server` module is one per spelling, and one that
// several routes spell alike is a chunk of its own on every page (ADR 0059); spelt so, it is inlined in this route.
import { loadStudyShell } from "../../../../../../lib/layouts.server";

/**
 * /ng/companies/:companyId/studies/:studyName: the study context (000 §2.3). The company layout renders the header
 * with this level's study dropdown and menu; a study that does not exist is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadStudyShell(request, context, companyIdParam(params), studyNameParam(params));
}

export default function StudyLayout() {
  return <Outlet />;
}

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args);
