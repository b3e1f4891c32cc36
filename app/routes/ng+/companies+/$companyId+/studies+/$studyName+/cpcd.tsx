import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CpcdEditor } from "~/features/cpcd/components/CpcdEditor";
import { cpcdAction, loadCpcdPage } from "~/features/cpcd/page.server";
import { getFixedT } from "~/lib/i18next.server";
import { appLinks } from "~/lib/links";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";

/**
 * /ng/companies/:companyId/studies/:studyName/cpcd?cpOrCd=cp|cd: Study Critical Processes and Data (001 §2, §4, §6;
 * issue 12). The study layout has checked the study; this page needs either list's get permission.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = { companyId: companyIdParam(params), studyName: studyNameParam(params) };
  const [page, t] = await Promise.all([loadCpcdPage(request, context, scope), getFixedT(request)]);
  return {
    ...page,
    pageName: t("cpcd.studyTitle"),
    askAiHref: appLinks.studyPage(scope.companyId, scope.studyName, "ctqf/identification"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return cpcdAction(request, context, { companyId: companyIdParam(params), studyName: studyNameParam(params) });
}

export default function StudyCpcd() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CpcdEditor level="study" data={data} actionData={actionData} askAiHref={data.askAiHref} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
