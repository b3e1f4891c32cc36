import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EvidencePage } from "~/features/protocol-analysis/components/EvidencePage";
import { loadEvidence, riskEvidence } from "~/features/protocol-analysis/evidence.server";
import { pageMeta } from "~/lib/settings";

/** …/riskAssessment/evidence?id=&row=: a risk row's citation in the recognised protocol, its quote marked (issue 24). */
export const loader = (args: LoaderFunctionArgs) => loadEvidence(args, riskEvidence);

export default function RiskAssessmentEvidence() {
  return <EvidencePage {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
