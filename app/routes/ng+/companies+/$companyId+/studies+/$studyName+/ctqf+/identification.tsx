import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CtqForm } from "~/features/ctq/components/CtqForm";
import { loadCtqIdentification, submitCtqForm } from "~/features/ctq/identification.server";
import { companyIdParam, studyNameParam } from "~/lib/params";
import { pageMeta } from "~/lib/settings";

/** …/ctqf/identification: CTQ identification's form (001 §2 "CTQ identification form"; issue 25). */
export const loader = (args: LoaderFunctionArgs) => loadCtqIdentification(args);

/** Without scripts: the form's post (Add buttons, Identify CTQ, the repeat's answer). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return submitCtqForm(request, context, companyIdParam(params), studyNameParam(params));
}

export default function CtqIdentification() {
  return <CtqForm {...useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, args.data?.pageName);

export { ErrorBoundary } from "~/components/GeneralErrorBoundary";
