import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ResultsView } from "~/features/protocol-analysis/components/ResultsView";
import type { ResultsAnswer } from "~/features/protocol-analysis/results";
import { loadResults, resultsAction } from "~/features/protocol-analysis/results.server";
import { pageMeta } from "~/lib/settings";

/** …/riskAssessment/results?id=: the AI risk assessment's report (001 §2 "Risk assessment results", §4, §5). */
export const loader = (args: LoaderFunctionArgs) => loadResults(args);
export const action = (args: ActionFunctionArgs) => resultsAction(args);

export default function RiskAssessmentResults() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ResultsAnswer | undefined;
  return <ResultsView {...data} answer={answer} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
