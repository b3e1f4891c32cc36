import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ctqEvidence } from "~/features/ctq/evidence.server";
import { EvidencePage } from "~/features/protocol-analysis/components/EvidencePage";
import { loadEvidence } from "~/features/protocol-analysis/evidence.server";
import { pageMeta } from "~/lib/settings";

/** …/ctqf/evidence?id=&item=: a CTQ item's citation in the recognised protocol, its quote marked (issue 25). */
export const loader = (args: LoaderFunctionArgs) => loadEvidence(args, ctqEvidence);

export default function CtqEvidence() {
  return <EvidencePage {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
