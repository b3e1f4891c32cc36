import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StudyCpcdPage } from "~/features/cpcd/components/CpcdPages";
import { cpcdAction, loadCpcdPage } from "~/features/cpcd/page.server";
import { ctqIdentification } from "~/features/protocol-analysis/ctq";
import { getFixedT } from "~/lib/i18next.server";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";
import { signedInWithBatch } from "~/lib/shell.server";

/**
 * /ng/companies/:companyId/studies/:studyName/cpcd?cpOrCd=cp|cd: Study Critical Processes and Data (001 §2, §4, §6;
 * issue 12). The study layout has checked the study; this page needs either list's get permission. Ask AI and the
 * way into the Protocol Analysis Tool show only where the company has the tool on (001 §6; issue 24).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = { companyId: companyIdParam(params), studyName: studyNameParam(params) };
  const { api } = await signedInWithBatch(request, context);
  const [page, t, company] = await Promise.all([
    loadCpcdPage(request, context, scope),
    getFixedT(request),
    api.companies.get(scope.companyId),
  ]);
  return {
    ...page,
    ...scope,
    pageName: t("cpcd.studyTitle"),
    protocolAnalysisEnabled: company.ok && company.data.isProtocolAnalysisToolAEnabled,
    ctq: ctqIdentification(scope.companyId, scope.studyName),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return cpcdAction(request, context, { companyId: companyIdParam(params), studyName: studyNameParam(params) });
}

export default function StudyCpcd() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <StudyCpcdPage data={data} actionData={actionData} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
