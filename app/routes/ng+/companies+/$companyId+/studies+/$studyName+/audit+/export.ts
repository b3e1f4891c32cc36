import type { ActionFunctionArgs } from "@remix-run/node";
import { exportAction } from "~/features/audit/page.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";

/**
 * POST /ng/companies/:companyId/studies/:studyName/audit/export: the export dialog's form (001 §5, §7). Answers the
 * CSV as an attachment, streamed from the API; or returns to the list with the dialog open and the reason.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const companyId = companyIdParam(params);
  const studyName = studyNameParam(params);
  return exportAction(request, context, appLinks.studyPage(companyId, studyName, "audit"), companyId, studyName);
}
