import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { IssueList } from "~/features/cdq/components/IssueList";
import { loadIssueList } from "~/features/cdq/page.server";
import { pageMeta } from "~/lib/settings";

/** /ng/companies/:companyId/studies/:studyName/cdq: the study's Compliance & Data Quality issues (001 §2). */
export const loader = (args: LoaderFunctionArgs) => loadIssueList(args);

export default function CdqIssueList() {
  return <IssueList {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
