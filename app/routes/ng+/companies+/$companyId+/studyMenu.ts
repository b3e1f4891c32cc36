import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "@server/contracts/headers";
import { companyIdParam } from "~/lib/params";
import { loadStudyMenu } from "~/lib/shell.server";

/** /ng/companies/:companyId/studyMenu: the study dropdown's list, fetched when the dropdown opens (JS). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const studies = await loadStudyMenu(request, context, companyIdParam(params));
  return Response.json({ studies }, { headers: NO_STORE });
}
