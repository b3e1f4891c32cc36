import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CtqResultsView } from "~/features/ctq/components/CtqResultsView";
import type { CtqAnswer } from "~/features/ctq/results";
import { ctqResultsAction, loadCtqResults } from "~/features/ctq/results.server";
import { pageMeta } from "~/lib/settings";

/** …/ctqf/results?id=: AI-Enhanced Critical to Quality Factors (001 §2 "CTQ results page", §4; issue 25). */
export const loader = (args: LoaderFunctionArgs) => loadCtqResults(args);
export const action = (args: ActionFunctionArgs) => ctqResultsAction(args);

export default function CtqResults() {
  const answer = useActionData<typeof action>() as CtqAnswer | undefined;
  return <CtqResultsView {...useLoaderData<typeof loader>()} answer={answer} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
