import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/features/protocol-analysis/components/Landing";
import { loadLanding } from "~/features/protocol-analysis/page.server";
import { pageMeta } from "~/lib/settings";

/**
 * …/protocolAnalysisTool: the Protocol Analysis Tool's landing page (001 §1, §2, §6): three steps and an illustration,
 * and, beyond the spec, the study's recent requests, so nobody depends on finding an e-mail.
 */
export const loader = (args: LoaderFunctionArgs) => loadLanding(args);

export default function ProtocolAnalysisLanding() {
  return <Landing {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
