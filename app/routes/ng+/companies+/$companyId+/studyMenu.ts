import type { LoaderFunctionArgs } from "@remix-run/node";
import { companyIdParam } from "~/lib/params";
import { loadStudyMenu } from "~/lib/shell.server";

/**
 * /ng/companies/:companyId/studyMenu: the study dropdown's list, fetched when the dropdown opens (JS). A JSON answer
 * with no caching of its own: the service never stores it (server/main.ts finishWebResponse).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return Response.json({ studies: await loadStudyMenu(request, context, companyIdParam(params)) });
}
