import type { ActionFunctionArgs } from "@remix-run/node";
import { submitCtqForm } from "~/features/ctq/identification.server";
import { companyIdParam, studyNameParam } from "~/lib/params";

/** POST …/ctqf/upload: the CTQ form's post with scripts (a request with progress), answered as JSON. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const answer = await submitCtqForm(request, context, companyIdParam(params), studyNameParam(params));
  return Response.json(answer, {
    status: answer.outcome?.ok === false || Object.keys(answer.errors).length ? 400 : 200,
  });
}
