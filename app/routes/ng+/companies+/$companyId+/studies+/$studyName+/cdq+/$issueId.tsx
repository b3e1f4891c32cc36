import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { IssueDetailsPage } from "~/features/cdq/components/IssueDetails";
import { loadIssueDetails } from "~/features/cdq/page.server";
import { pageMeta } from "~/lib/settings";

/** /ng/companies/:companyId/studies/:studyName/cdq/:issueId: one issue (001 §2 "Issue details"), or 404 (001 §8). */
export const loader = (args: LoaderFunctionArgs) => loadIssueDetails(args);

export default function CdqIssueDetails() {
  return <IssueDetailsPage {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
