import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CompanyCpcdPage } from "~/features/cpcd/components/CpcdPages";
import { cpcdAction, loadCpcdPage } from "~/features/cpcd/page.server";
import { getFixedT } from "~/lib/i18next.server";
import { companyIdParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";

/**
 * /ng/companies/:companyId/cpcd?cpOrCd=cp|cd: the company's Critical Processes and Data (issue 12, beyond the spec;
 * the spec names the company-level wording): the study editor's component and rules, with company wording.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = { companyId: companyIdParam(params) };
  const [page, t] = await Promise.all([loadCpcdPage(request, context, scope), getFixedT(request)]);
  return { ...page, pageName: t("cpcd.companyTitle") };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return cpcdAction(request, context, { companyId: companyIdParam(params) });
}

export default function CompanyCpcd() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CompanyCpcdPage data={data} actionData={actionData} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
