import type { ActionFunctionArgs } from "@remix-run/node";
import { exportAction } from "~/features/audit/page.server";
import { appLinks } from "~/lib/links";
import { companyIdParam } from "~/lib/params";

/** POST /ng/companies/:companyId/audit/export: the company trail's export (ADR 0026), as the study's. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const companyId = companyIdParam(params);
  return exportAction(request, context, `${appLinks.company(companyId)}/audit`, companyId, null);
}
