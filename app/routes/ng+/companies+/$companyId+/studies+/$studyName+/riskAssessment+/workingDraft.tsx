import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WorkingDraft } from "~/features/protocol-analysis/components/WorkingDraft";
import { loadWorkingDraft } from "~/features/protocol-analysis/page.server";
import { pageMeta } from "~/lib/settings";

/**
 * …/riskAssessment/workingDraft: the study's RACT working draft, read-only (issue 15). The success link of Insert in
 * RACT leads here when there is no classic application (LEGACY_BASE_URL unset), so a user sees where the rows went.
 */
export const loader = (args: LoaderFunctionArgs) => loadWorkingDraft(args);

export default function RactWorkingDraft() {
  return <WorkingDraft items={useLoaderData<typeof loader>().items} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
