import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { appLinks } from "~/lib/links";
import { companyIdParam } from "~/lib/params";

/** /ng/companies/:companyId/studies: the study list is the company's home. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(appLinks.company(companyIdParam(params)));
}
