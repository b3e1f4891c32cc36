import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCpcdList } from "~/features/cpcd/page.server";
import { companyIdParam } from "~/lib/params";

/** /ng/companies/:companyId/cpcd/export?cpOrCd=cp|cd: the company's list as CSV (issue 12). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return exportCpcdList(request, context, { companyId: companyIdParam(params) });
}
