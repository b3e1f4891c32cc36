import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { IdentificationForm } from "~/features/protocol-analysis/components/IdentificationForm";
import { loadIdentification, submitProtocol } from "~/features/protocol-analysis/page.server";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";

/** …/riskAssessment/identification: the AI risk assessment's upload form (001 §2 "Risk assessment form"). */
export const loader = (args: LoaderFunctionArgs) => loadIdentification(args);

/** Without scripts: the plain multipart post, passed on to the API as it arrives. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return submitProtocol(request, context, companyIdParam(params), studyNameParam(params));
}

export default function RiskAssessmentForm() {
  const { companyId, studyName } = useLoaderData<typeof loader>();
  return <IdentificationForm companyId={companyId} studyName={studyName} posted={useActionData<typeof action>()} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
