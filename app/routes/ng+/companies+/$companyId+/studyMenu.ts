import type { LoaderFunctionArgs } from "@remix-run/node";
import { companyIdParam } from "~/lib/params";
import { loadStudyMenu } from "~/lib/shell.server";

/** /ng/companies/:companyId/studyMenu: the study dropdown's list, fetched when the dropdown opens (JS). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return { studies: await loadStudyMenu(request, context, companyIdParam(params)) };
}
