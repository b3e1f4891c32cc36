import type { ActionFunctionArgs } from "@remix-run/node";
import { submitCtqForm } from "~/features/ctq/identification.server";
import { ctqCsvAction } from "~/features/ctq/results.server";
import { companyIdParam, studyNameParam } from "~/lib/params";

/**
 * POST …/ctqf/upload: the CTQ form's post with scripts (a request with progress), answered as JSON; and with `?csv=`
 * a CTQ list as edited, as CSV (001 §9), the results form's download with or without scripts. One resource route for
 * both keeps Remix's route manifest, which every first visit loads, small (scripts/bundle-size.mjs).
 */
export async function action(args: ActionFunctionArgs) {
  if (new URL(args.request.url).searchParams.has("csv")) return ctqCsvAction(args);
  const { request, context, params } = args;
  const answer = await submitCtqForm(request, context, companyIdParam(params), studyNameParam(params));
  const refused = answer.outcome?.ok === false || Object.keys(answer.errors).length > 0;
  return Response.json(answer, { status: refused ? 400 : 200 });
}
