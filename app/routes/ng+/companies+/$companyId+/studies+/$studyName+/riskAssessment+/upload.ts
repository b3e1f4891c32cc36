import type { ActionFunctionArgs } from "@remix-run/node";
import { submitProtocol } from "~/features/protocol-analysis/page.server";
import { companyIdParam, studyNameParam } from "~/lib/params";

/**
 * POST …/riskAssessment/upload: the upload form's post with scripts (a request with progress, 000 §9), answered as
 * JSON; the same steps as the form's own post without scripts.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const outcome = await submitProtocol(request, context, companyIdParam(params), studyNameParam(params));
  return Response.json(outcome, { status: outcome.ok ? 200 : 400 });
}
