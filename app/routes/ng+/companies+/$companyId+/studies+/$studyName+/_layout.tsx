import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { loadStudyShell } from "~/lib/shell.server";

/**
 * /ng/companies/:companyId/studies/:studyName: the study context (000 §2.3). The company layout renders the header
 * with this level's study dropdown and menu; a study that does not exist is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadStudyShell(request, context, params.companyId!, params.studyName!);
}

export default function StudyLayout() {
  return <Outlet />;
}
